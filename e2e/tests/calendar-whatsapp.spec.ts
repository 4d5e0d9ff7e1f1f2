import { expect, test } from '@playwright/test';
import { weekdayAhead } from './dates';
import { createBranch, createClient, demo, uniqueTag } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';

/**
 * Issue 43: a client turns on WhatsApp and copies their calendar address in Mi perfil; a booking then reaches
 * WhatsApp (the Cloud API stand-in the run starts, which answers with statuses out of order) and the super admin
 * sees how far it went in Administración → Mensajes. The calendar address serves the session.
 */
test.describe('calendar feed and WhatsApp', () => {
  test.skip(
    ({ isMobile }) => isMobile,
    'the flow runs once, on desktop; its phone layout is checked at 375 px inside',
  );

  test('a client turns on WhatsApp and copies the calendar address; a booking reaches both and the staff calendar', async ({
    page,
    context,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const client = await createClient(playwright, baseURL!, 3);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branchName = `Sucursal Calendario ${uniqueTag()}`;
    const branch = await createBranch(staff, branchName, { rooms: 1 });

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const login = await page.request.post('/api/auth/login', {
      data: { email: client.email, password: client.password },
    });
    expect(login.status()).toBe(200);
    await page.goto('/perfil');

    // WhatsApp: off until the client turns it on, with the number and the notice's words.
    const whatsapp = page.getByRole('region', { name: 'Avisos por WhatsApp' });
    const consent = whatsapp.getByRole('checkbox', { name: 'Quiero recibir avisos por WhatsApp' });
    await expect(consent).not.toBeChecked();
    await expect(whatsapp.getByText('+52 55 4433 2211')).toBeVisible();
    await expect(whatsapp.getByText(/respondiendo BAJA a cualquier mensaje/)).toBeVisible();
    await consent.check();
    await expect(toast(page, 'Listo: te avisaremos por WhatsApp.')).toBeVisible();
    await expect(consent).toBeChecked();
    await expect(whatsapp.getByText(/^Activado el /)).toBeVisible();

    // The calendar address: made, shown once, copied.
    const calendar = page.getByRole('region', { name: 'Agregar a mi calendario' });
    await calendar.getByRole('button', { name: 'Crear mi dirección de calendario' }).click();
    const address = calendar.getByRole('textbox', { name: 'Tu dirección de calendario' });
    await expect(address).toHaveValue(/\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    await calendar.getByRole('button', { name: 'Copiar dirección' }).click();
    await expect(toast(page, 'Dirección copiada')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await address.inputValue());
    await expect(calendar.getByRole('link', { name: 'Abrir en mi calendario' })).toHaveAttribute(
      'href',
      copied.replace(/^https?:\/\//, 'webcal://'),
    );
    await keepPicture(page, 'perfil-calendario-whatsapp-1280');
    await expectNoSeriousViolations(page, { afterToasts: true });

    // The phone: the same sections fit 375 px.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(address).toBeVisible();
    await expectNoHorizontalScroll(page);
    await keepPicture(page, 'perfil-calendario-whatsapp-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // A booking: its WhatsApp confirmation, and the session in the calendar feed.
    const date = weekdayAhead(2);
    const rooms = await page.request.get(
      `/api/availability/rooms?branchId=${branch.id}&date=${date}&hour=10:00`,
    );
    const roomId = ((await rooms.json()) as { rooms: { id: string }[] }).rooms[0]!.id;
    const booked = await page.request.post('/api/sessions', {
      data: { branchId: branch.id, roomId, date, hour: '10:00' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const feed = await page.request.get(new URL(copied).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain(
      `DTSTART;TZID=America/Mexico_City:${date.replaceAll('-', '')}T100000`,
    );

    // The super admin: Mensajes → WhatsApp, the confirmation read (statuses arrive out of order; read wins).
    await page.context().clearCookies();
    expect((await page.request.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    await page.goto('/admin/mensajes?canal=whatsapp');
    await expect(page.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: client.name });
    await expect(row.getByText('Reservación confirmada')).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(row.getByText('Leído')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // The branch's staff calendar: made in Consultorios, it holds the session with the client's first name only.
    await page.goto('/admin/consultorios');
    const staffFeeds = page.getByRole('region', { name: 'Calendario del personal' });
    await staffFeeds.getByRole('button', { name: new RegExp(`^Crear dirección de ${branchName}`) }).click();
    const staffAddress = staffFeeds.getByRole('textbox', {
      name: new RegExp(`^Dirección del calendario de ${branchName}`),
    });
    await expect(staffAddress).toHaveValue(/\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    const staffFeed = await page.request.get(new URL(await staffAddress.inputValue()).pathname);
    expect(staffFeed.status()).toBe(200);
    const staffIcs = await staffFeed.text();
    expect(staffIcs).toContain('SUMMARY:Sala 1 · Paciente');
    expect(staffIcs).not.toContain(client.name);
    expect(staffIcs).not.toContain(client.email);
    await staff.dispose();
  });
});
