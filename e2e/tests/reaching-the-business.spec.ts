import { expect, type Page, test } from '@playwright/test';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { onlinePaymentsLine } from '@sala/shared/legal/legal-view';
import { emailPromise } from '@sala/shared/mail/mail-promise';
import { storeMessages } from '@sala/shared/store/store.messages';
import { BUSINESS_CONTACT } from '../business-contact';
import { createClient, demo, loginAs, uniqueClient } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';

// Issue 39 as people meet it: a new client registering and losing a password on a site that sends no e-mail, the
// public terms, a client paying at OXXO, and the owner writing the business's phone and links in Datos legales. The
// end-to-end server has no mail server, and its business contact is business-contact.ts's.

const required = 'Todos los campos son obligatorios';

async function phoneOf(page: Page, email: string) {
  const boss = await page
    .context()
    .request.fetch('/api/auth/login', { method: 'POST', data: demo.superadmin });
  expect(boss.status()).toBe(200);
  const found = await page.context().request.get(`/api/users?q=${encodeURIComponent(email)}`);
  return ((await found.json()) as { rows: { phone: string }[] }).rows[0]?.phone;
}

test.describe('issue 39: what a new client, a receptionist and the owner tripped over', () => {
  test('registration says "Todos los campos son obligatorios" once, and takes "55 1234 5678"', async ({
    page,
  }) => {
    await page.goto('/registro');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert').filter({ hasText: required })).toBeVisible();
    await expect(page.getByText(required)).toHaveCount(1);
    await expect(page.getByLabel('Nombre completo')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Teléfono (10 dígitos)')).toHaveAttribute('aria-invalid', 'true');
    await expectNoHorizontalScroll(page);
    await keepPicture(page, 'registro-vacio');

    const client = uniqueClient();
    await page.getByLabel('Nombre completo').fill(client.name);
    await page.getByLabel('Correo electrónico').fill(client.email);
    await page.getByLabel('Teléfono (10 dígitos)').fill('55 4433 2211');
    await page.getByLabel('Contraseña', { exact: true }).fill(client.password);
    await page.getByLabel('Confirmar contraseña').fill(client.password);
    await page.getByLabel(/Acepto los términos/).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toast(page, 'Registrado con exito')).toBeVisible();
    expect(await phoneOf(page, client.email)).toBe('5544332211');
  });

  test('"Olvidé mi contraseña" on a site without e-mail says how to reach the reception', async ({
    page,
  }) => {
    await page.goto('/registro/iniciar-sesion');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
    await expect(dialog).toContainText(passwordResetMessages.resetWillNotArrive(BUSINESS_CONTACT));
    await expect(dialog).toContainText('llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321');
    await expect(dialog).not.toContainText('personal del consultorio');
    await keepPicture(page, 'olvide-contrasena');
  });

  test('the terms say the business has not published its facts, and name every way to pay', async ({
    page,
  }) => {
    await page.goto('/terminos');
    await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: legalMessages.unpublished })).toBeVisible();
    await expect(page.locator('main')).not.toContainText(EXAMPLE_LEGAL_FACTS.legalName);
    // The e2e server takes every method (PAYMENT_METHODS' default) with vouchers of 3 days.
    const pagos = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Pagos' }) });
    await expect(pagos).toContainText(
      onlinePaymentsLine({ methods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 }),
    );
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page);
    await pagos.scrollIntoViewIfNeeded();
    await keepPicture(page, 'terminos');
  });

  test('a client who pays at OXXO is promised no e-mail, and reads the expiry in 24 h', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const client = await createClient(playwright, baseURL!, 0);
    await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
    await page.goto('/comprar');
    await page.getByRole('button', { name: 'Agregar al carrito (Paquete Básico)' }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.goto('/mi-carrito');
    await page.getByRole('link', { name: 'Continuar al pago' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    const oxxo = page.getByRole('radio', { name: 'Efectivo en OXXO' });
    await oxxo.click();
    await expect(oxxo).toBeChecked();
    await expect(page.getByText(emailPromise(false, storeMessages.oxxoVoucherEmailed))).toBeVisible();
    await page.getByRole('button', { name: 'Generar ficha de pago OXXO' }).click();

    await expect(page).toHaveURL('/resumen');
    await expect(page.getByRole('heading', { name: 'Ficha de pago OXXO' })).toBeVisible();
    await expect(page.getByText(emailPromise(false, storeMessages.voucherEmailed))).toBeVisible();
    await expect(page.getByText('Te enviamos estos datos por correo.')).toHaveCount(0);
    // A voucher ends at 23:59 Mexico City: written as the schedule writes hours, never "11:59 p.m.".
    await expect(page.getByTestId('instructions-expiry').first()).toHaveText(/, 23:59/);
    await expect(page.locator('main')).not.toContainText(/\d[ap]\.\s?m\./);
    // The picture without the toast over the expiry.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-tone]')).toHaveCount(0, { timeout: 6_000 });
    await keepPicture(page, 'resumen-oxxo');
  });

  test('the owner writes the phone, WhatsApp and social links in Datos legales, as people write them', async ({
    page,
  }) => {
    await loginAs(page, 'superadmin');
    await page.goto('/admin/datos-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Datos legales' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Teléfono y redes' }).getByText('Cargando...')).toHaveCount(
      0,
    );
    const form = page.getByRole('form', { name: 'Teléfono y redes' });
    await expect(form.getByLabel('Teléfono (opcional)')).toHaveValue('55 1234 5678');
    await expect(form.getByLabel('Instagram (opcional)')).toHaveValue(BUSINESS_CONTACT.instagramUrl);
    // The same numbers, written another way: stored as the same 10 digits, so the other specs still read them.
    await form.getByLabel('Teléfono (opcional)').fill('+52 55-1234-5678');
    await form.getByLabel('WhatsApp (opcional)').fill('(55) 8765 4321');
    await form.getByRole('button', { name: 'Guardar teléfono y redes' }).click();
    await expect(toast(page, legalMessages.contactSaved)).toBeVisible();
    const legal = await page.request.get('/api/legal');
    expect((await legal.json()).contact).toEqual(BUSINESS_CONTACT);

    // A toast rests over the button on a phone (the pointer that pressed it holds it): let it go.
    await page.mouse.move(0, 0);
    await expect(page.locator('[data-tone]')).toHaveCount(0, { timeout: 6_000 });
    await form.getByLabel('Instagram (opcional)').fill('instagram.com/salacomun');
    await form.getByRole('button', { name: 'Guardar teléfono y redes' }).click();
    await expect(form.getByText(legalMessages.instagramInvalid)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousViolations(page, { afterToasts: true });
    await form.scrollIntoViewIfNeeded();
    await keepPicture(page, 'datos-legales-contacto');
  });
});
