import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createClient, demo } from './fixtures';

/**
 * Issue 45: a super admin turns on the second factor, logs out and back in with a code of the app; a person ends a
 * login of another browser from /perfil and that browser is out at its next request.
 */

/** RFC 6238, as an authenticator app computes it from the key the page shows. */
function appCode(secretBase32: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/\s+/g, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a super admin turns on the second factor, logs out, and logs in again with a code', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A super admin of its own: the demo one is shared by the specs running beside this one.
  const person = await createClient(playwright, baseURL!, 0);
  const boss = await playwright.request.newContext({ baseURL });
  expect((await boss.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
  const promoted = await boss.patch(`/api/users/${person.id}`, {
    data: { name: person.name, email: person.email, phone: person.phone, role: 'superadmin' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await boss.dispose();

  const logInWithPassword = async () => {
    await page.goto('/registro/iniciar-sesion');
    await page.getByLabel('Correo electrónico').fill(person.email);
    await page.getByLabel('Contraseña').fill(person.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
  };
  await logInWithPassword();
  await expect(page).not.toHaveURL(/iniciar-sesion/);

  await page.goto('/perfil#seguridad');
  const section = page.locator('#seguridad');
  await section.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByAltText('Código QR para tu app de autenticación')).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!;
  const enrol = page.getByRole('form', { name: 'Activar la verificación en dos pasos' });
  // The code of the coming step: the app's window takes it now, and it is later than any code used before.
  await enrol.getByLabel('Código de 6 dígitos').fill(appCode(secret, Date.now()));
  await enrol.getByRole('button', { name: 'Confirmar' }).click();
  const codes = page.getByRole('dialog');
  await expect(codes.getByLabel('Códigos de recuperación')).toBeVisible();
  await expect(
    codes.getByLabel('Códigos de recuperación').getByText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/),
  ).toHaveCount(10);
  await codes.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(section.getByText(/Activa desde el/)).toBeVisible();

  // Log out, then in: the password alone is not enough.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
  await logInWithPassword();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  await page.getByLabel('Código de 6 dígitos').fill(appCode(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).not.toHaveURL(/iniciar-sesion/);
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/session')).json()).user?.email)
    .toBe(person.email);

  // The staff screens open (no gate in this server's STAFF_2FA=optional, and the factor is on anyway).
  await page.goto('/admin/usuarios');
  await expect(page.getByRole('heading', { name: /Usuarios/ }).first()).toBeVisible();
});

test('a person ends the login of another browser from /perfil, and that browser is out at its next request', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const person = await createClient(playwright, baseURL!, 0);
  const [here, there] = await Promise.all([browser.newContext(), browser.newContext()]);
  try {
    for (const context of [here, there]) {
      const res = await context.request.post('/api/auth/login', {
        data: { email: person.email, password: person.password },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await here.newPage();
    await page.goto('/perfil#seguridad');
    const logins = page.getByRole('list', { name: /Sesiones abiertas/ });
    await expect(logins.getByRole('listitem')).toHaveCount(2);
    await expect(logins.getByText('Este navegador')).toHaveCount(1);
    await logins.getByRole('button', { name: /^Cerrar la sesión de/ }).click();
    await expect(page.getByText(/Cerramos la sesión de/)).toBeVisible();
    await expect(logins.getByRole('listitem')).toHaveCount(1);

    // The other browser: its next request finds no login.
    const other = await there.newPage();
    await other.goto('/perfil');
    await expect(other).toHaveURL(/iniciar-sesion/);
    expect((await (await there.request.get('/api/auth/session')).json()).user).toBeNull();
    // This one is still in.
    expect((await (await here.request.get('/api/auth/session')).json()).user.email).toBe(person.email);
  } finally {
    await Promise.all([here.close(), there.close()]);
  }
});
