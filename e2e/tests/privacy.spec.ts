import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import { addDays, weekdayOf } from '@sala/shared/time/business-time';
import { unzipSync } from 'fflate';
import { mexicoToday, spokenDate } from './dates';
import { createClient, demo, loginAs, uniqueClient } from './fixtures';
import { expectNoSeriousViolations, keepPicture, toast } from './page-checks';

// Issue 27: the privacy notice and the terms, and the client's rights over their data (ARCO), as a person uses them.

const unzip = (path: string) =>
  Object.fromEntries(
    Object.entries(unzipSync(new Uint8Array(readFileSync(path)))).map(([name, bytes]) => [
      name,
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
    ]),
  );

/** A session for the client at a free hour of some branch a few days ahead, booked by the super admin. */
async function bookFor(request: APIRequestContext, clientId: string) {
  expect((await request.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
  const branches = (await (await request.get('/api/availability/branches')).json()) as { id: string }[];
  for (let ahead = 3; ahead <= 7; ahead++) {
    const date = addDays(mexicoToday(), ahead);
    if (weekdayOf(date) === 0) continue;
    for (const { id: branchId } of branches) {
      for (const hour of ['13:00', '12:00', '11:00', '10:00']) {
        const res = await request.get(
          `/api/availability/rooms?branchId=${branchId}&date=${date}&hour=${hour}`,
        );
        const { rooms } = (await res.json()) as { rooms: { id: string; state: string }[] };
        const room = rooms.find((r) => r.state === 'free');
        if (!room) continue;
        const booked = await request.post('/api/staff/sessions', {
          data: { branchId, date, hour, roomId: room.id, for: 'client', clientId },
        });
        if (booked.status() === 201)
          return { ...((await booked.json()) as { session: { id: string } }).session, date, hour };
      }
    }
  }
  throw new Error('no free hour to book in the next days');
}

test.describe('privacy and the ARCO rights', () => {
  test('a visitor registers through the simplified notice and opens the full one', async ({
    page,
    context,
  }) => {
    await page.goto('/registro');
    const form = page.locator('form');
    await expect(form).toContainText('Sala Común usa tu nombre, tu correo y tu teléfono');
    const [notice] = await Promise.all([
      context.waitForEvent('page'),
      form.getByRole('link', { name: 'aviso de privacidad' }).click(),
    ]);
    await expect(notice.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
    // The demo's example facts are not the business's: the page says it has not published them (issue 39), and
    // never shows the invented ones; no token of the build left.
    await expect(notice.getByRole('note').filter({ hasText: legalMessages.unpublished })).toBeVisible();
    await expect(notice.locator('body')).not.toContainText(EXAMPLE_LEGAL_FACTS.legalName);
    await expect(notice.locator('body')).not.toContainText(EXAMPLE_LEGAL_FACTS.privacyEmail);
    await expect(notice.locator('body')).not.toContainText('__LEGAL');
    await expect(notice.getByRole('heading', { name: 'Tus derechos ARCO y cómo ejercerlos' })).toBeVisible();
    await notice.close();

    const client = uniqueClient();
    await page.getByLabel('Nombre completo').fill(client.name);
    await page.getByLabel('Correo electrónico').fill(client.email);
    await page.getByLabel('Teléfono (10 dígitos)').fill(client.phone);
    await page.getByLabel('Contraseña', { exact: true }).fill(client.password);
    await page.getByLabel('Confirmar contraseña').fill(client.password);
    await page.getByLabel('Acepto los términos y condiciones y el aviso de privacidad.').check();
    await keepPicture(page, 'registro');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toast(page, 'Registrado con exito')).toBeVisible();
  });

  test('the notice and the terms are linked from every page and read well', async ({ page }) => {
    await page.goto('/equipo');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Términos y condiciones' }).click();
    await expect(page).toHaveURL('/terminos');
    await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
    // The rules the code enforces, as the terms state them.
    await expect(page.getByText('más de 24 horas de anticipación')).toBeVisible();
    await expectNoSeriousViolations(page);
    await keepPicture(page, 'terminos');
    await page.goto('/aviso-de-privacidad');
    await expectNoSeriousViolations(page);
    await keepPicture(page, 'aviso-de-privacidad');
  });

  test('a client downloads their data and finds their sessions and credit movements in it', async ({
    page,
  }) => {
    await loginAs(page, 'client');
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Mis datos personales' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Descargar mis datos' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mis-datos-sala-comun-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzip((await download.path())!);
    const data = JSON.parse(files['datos.json']!);
    expect(data.perfil.email).toBe(demo.client.email);
    // The demo client has lived in the demo business: sessions and a ledger.
    expect(data.sesiones.length).toBeGreaterThan(0);
    expect(data.movimientosDeCreditos.length).toBeGreaterThan(0);
    expect(files['sesiones.csv']!.split('\r\n').length).toBeGreaterThan(2);
    expect(files['movimientos-de-creditos.csv']).toContain('Reservación');
    await expectNoSeriousViolations(page);
    await keepPicture(page, 'perfil');
  });

  test('a client turns the reminders off, and it stays off', async ({ page, playwright, baseURL }) => {
    const client = await createClient(playwright, baseURL!, 0);
    expect((await page.request.post('/api/auth/login', { data: client })).status()).toBe(200);
    await page.goto('/perfil');
    const reminders = page.getByRole('switch', { name: /Activados/ });
    await expect(reminders).toBeEnabled();
    await reminders.click();
    await expect(toast(page, pm.remindersOff)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: /Desactivados/ })).not.toBeChecked();
  });

  test('closing an account: refused with the date of a session to come; then closed, no login, out of the point of sale', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const client = await createClient(playwright, baseURL!, 3);
    const staff = await playwright.request.newContext({ baseURL });
    const session = await bookFor(staff, client.id);

    expect((await page.request.post('/api/auth/login', { data: client })).status()).toBe(200);
    await page.goto('/perfil');
    const section = page.getByRole('region', { name: 'Mis datos personales' });
    await expect(section).toContainText(spokenDate(session.date));
    await expect(section).toContainText(`de ${session.hour}`);
    await expect(section.getByRole('button', { name: 'Eliminar mi cuenta' })).toBeDisabled();

    // The session goes (the client cancels it, more than 24 hours ahead): now the account can close.
    expect((await page.request.post(`/api/sessions/${session.id}/cancel`)).status()).toBe(200);
    await page.reload();
    await section.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await expect(dialog).toContainText('Tus 3 créditos se cancelan');
    await dialog.getByLabel('Escribe tu contraseña para confirmar').fill(client.password);
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(page).toHaveURL('/');
    await expect(toast(page, pm.accountClosed)).toBeVisible();

    await page.goto('/registro/iniciar-sesion');
    await page.getByLabel('Correo electrónico').fill(client.email);
    await page.getByLabel('Contraseña').fill(client.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText(pm.accountGone)).toBeVisible();

    // The point of sale's client picker no longer finds them.
    expect((await staff.post('/api/auth/login', { data: demo.admin })).status()).toBe(200);
    const picks = await staff.get(`/api/users/clients?q=${encodeURIComponent(client.name)}`);
    expect(await picks.json()).toEqual([]);
    await staff.dispose();
  });
});
