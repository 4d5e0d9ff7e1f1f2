import { expect, test } from '@playwright/test';
import { loginAs, uniqueClient } from './fixtures';
import { expectNoSeriousViolations, searchTable } from './page-checks';

// The e2e server has no SMTP_URL: every message stays pending, readable here (the delivery itself, its retries
// and Reintentar of a failed message are tested against a real SMTP server in apps/api/test/mail.test.ts).
test.describe('/admin/correos', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('a super admin reads a stored e-mail with its delivery state and filters by status', async ({
    page,
  }) => {
    const client = uniqueClient();
    const registered = await page.request.post('/api/auth/register', {
      data: {
        name: client.name,
        email: client.email,
        phone: client.phone,
        password: client.password,
        passwordConfirmation: client.password,
        acceptTerms: true,
      },
    });
    expect(registered.status()).toBe(201);
    await page.request.post('/api/auth/forgot-password', { data: { email: client.email } });

    await loginAs(page, 'superadmin');
    await page.goto('/admin/correos');
    await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    await searchTable(page, client.email);
    // Other tests' reset links are in the table too until the (debounced) search applies: pick this client's.
    const row = page
      .getByRole('row')
      .filter({ hasText: client.email })
      .filter({ hasText: 'Restablece tu contraseña' });
    await expect(row).toBeVisible();
    // The e2e server has no SMTP server: the message is kept, not pending with a next attempt (issue 18).
    await expect(page.getByRole('note')).toContainText('no tiene configurado el envío de correos');
    await expect(row.locator('[data-state="held"]')).toHaveText('Sin servidor de correo');
    await expect(row.getByText('0 intentos')).toBeVisible();
    await expect(row.getByText(/^Próximo intento/)).toHaveCount(0);
    await expect(row.getByRole('button', { name: /Reintentar/ })).toHaveCount(0);

    await page.getByLabel('Estado').selectOption({ label: 'Fallido' });
    await expect(page.getByText('No se encontraron datos.')).toBeVisible();
    await page.getByLabel('Estado').selectOption({ label: 'Sin servidor de correo' });
    await expect(row).toBeVisible();
    await expectNoSeriousViolations(page);

    await row.getByRole('button', { name: 'Leer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restablece tu contraseña' });
    await expect(dialog.getByTestId('email-text')).toContainText('/registro/restablecer?token=');
  });
});
