import { expect, test } from '@playwright/test';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import { userMessages } from '@sala/shared/users/users.messages';
import { createClient, loginAs, uniqueClient } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';

// Issue 27 as the staff live it: the legal facts still being the demo's, a request that came by e-mail logged and
// answered in Privacidad, and a client registered at the point of sale after hearing the simplified notice.

test.describe('privacy for the staff', () => {
  test('the panel and Datos legales say the notice still shows the example facts', async ({ page }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin');
    await expect(page.getByTestId('legal-facts-notice')).toContainText(legalMessages.stillExample);
    await page.goto('/admin/datos-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Datos legales' })).toBeVisible();
    await expect(page.getByTestId('legal-facts-notice')).toBeVisible();
    await expect(page.getByLabel('Razón social')).not.toHaveValue('');
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await keepPicture(page, 'datos-legales');
  });

  test('a request that came by e-mail is logged, then answered, and stays in the list', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const client = await createClient(playwright, baseURL!, 0);
    await loginAs(page, 'superadmin');
    await page.goto('/admin/privacidad');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacidad' })).toBeVisible();

    await page.getByRole('button', { name: 'Registrar solicitud' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar solicitud' });
    await dialog.getByRole('combobox', { name: 'Cliente' }).fill(client.email);
    await dialog.getByRole('option', { name: new RegExp(client.name) }).click();
    await dialog.getByRole('combobox', { name: 'Derecho' }).selectOption({ label: 'Acceso' });
    await dialog.getByRole('combobox', { name: 'Medio' }).selectOption({ label: 'Correo electrónico' });
    await dialog.getByLabel('Detalle').fill('Pidió por correo una copia de sus datos.');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(toast(page, pm.recorded)).toBeVisible();

    // A table row at 1280 px, a card at 375.
    const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: client.name });
    await expect(row).toContainText('Acceso');
    await expect(row).toContainText('Pendiente');
    // The super admin downloads the file for the client, then answers.
    await expect(row.getByRole('link', { name: `Descargar sus datos (${client.name})` })).toBeVisible();
    await row.getByRole('button', { name: `Marcar como atendida (${client.name})` }).click();
    const answer = page.getByRole('dialog', { name: 'Marcar como atendida' });
    await answer.getByLabel('Respuesta').fill('Se le envió el archivo a su correo.');
    await answer.getByRole('button', { name: 'Marcar como atendida' }).click();
    await expect(toast(page, pm.resolved)).toBeVisible();
    await expect(row).toContainText('Atendida');
    await expect(row).toContainText('Se le envió el archivo a su correo.');

    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, { afterToasts: true });
    await keepPicture(page, 'privacidad');
  });

  test('the point of sale registers a new client after the simplified notice, and sells to them', async ({
    page,
  }) => {
    const client = uniqueClient();
    await loginAs(page, 'admin');
    await page.goto('/admin/punto-venta');
    await page.getByRole('button', { name: 'Nuevo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo cliente' });
    await expect(dialog).toContainText('el nombre, el correo y el teléfono del cliente');
    await expect(dialog.getByRole('link', { name: 'aviso de privacidad' })).toHaveAttribute(
      'href',
      '/aviso-de-privacidad',
    );

    await dialog.getByLabel('Nombre').fill(client.name);
    await dialog.getByLabel('Correo electrónico').fill(client.email);
    await dialog.getByLabel('Teléfono (10 dígitos)').fill(client.phone);
    // Not without the notice given.
    await dialog.getByRole('button', { name: 'Registrar cliente' }).click();
    await expect(dialog.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    await keepPicture(page, 'nuevo-cliente');
    await expectNoSeriousViolations(page);

    await dialog.getByLabel('El cliente recibió el aviso de privacidad y aceptó los términos').check();
    await dialog.getByRole('button', { name: 'Registrar cliente' }).click();
    await expect(toast(page, userMessages.clientCreated)).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new client is the sale's client already.
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(new RegExp(client.name));
  });
});
