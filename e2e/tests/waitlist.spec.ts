import { expect, test } from '@playwright/test';
import { waitlistJoined, waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { businessInstant } from '@sala/shared/time/business-time';
import { spokenDate, weekdayAhead } from './dates';
import { createBranch, createClient, demo, uniqueTag } from './fixtures';
import { expectNoHorizontalScroll, expectNoSeriousViolations, keepPicture, toast } from './page-checks';
import { choose, group } from './wizard';

// Issue 21, the waitlist: a branch of its own with one room, taken at 10:00 by a first client; a second client joins
// that hour's line with automatic booking and gets the session when the first cancels.

test.describe('waitlist (Avísame si se libera)', () => {
  test('a client joins a full hour with automatic booking and gets the session when the holder cancels', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branch = `Espera ${uniqueTag()}`;
    const { id: branchId, zone } = await createBranch(staff, branch, { zone: 'Guadalajara', rooms: 1 });
    const date = weekdayAhead(2);
    const rooms = (await (
      await staff.get(`/api/availability/rooms?${new URLSearchParams({ branchId, date, hour: '10:00' })}`)
    ).json()) as { rooms: { id: string }[] };
    const roomId = rooms.rooms[0]!.id;

    // The first client takes the only room at 10:00.
    const holder = await createClient(playwright, baseURL!, 3);
    const holderApi = await playwright.request.newContext({ baseURL });
    expect((await holderApi.post('/api/auth/login', { data: holder })).status()).toBe(200);
    const booked = await holderApi.post('/api/sessions', { data: { branchId, roomId, date, hour: '10:00' } });
    expect(booked.status(), await booked.text()).toBe(201);
    const sessionId = ((await booked.json()) as { session: { id: string } }).session.id;

    // The second client finds 10:00 full and joins its line.
    const waiting = await createClient(playwright, baseURL!, 4);
    expect((await page.request.post('/api/auth/login', { data: waiting })).status()).toBe(200);
    await page.goto('/reserva');
    await choose(page, 'Zona', new RegExp(`^${zone}`));
    await choose(page, 'Sucursal', new RegExp(`^${branch}`));
    await choose(page, 'Día', spokenDate(date));
    await expect(group(page, 'Hora').getByRole('radio', { name: /^10:00/ })).toBeDisabled();
    await page.getByRole('button', { name: '¿Tu hora está llena? Avísame si se libera' }).click();
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer.getByRole('radio', { name: 'Esperar las de 10:00 a 11:00' })).toBeChecked();
    await offer.getByRole('checkbox', { name: /Resérvamela automáticamente/ }).check();
    await expect(offer.getByLabel(/Solo si se libera con al menos/)).toHaveValue('12');
    await expectNoSeriousViolations(page, { wcag22: true });
    await expectNoHorizontalScroll(page);
    await keepPicture(page, `lista-de-espera-${testInfo.project.name}`);
    await offer.getByRole('button', { name: 'Avísame' }).click();
    // The end-to-end server has no mail server: the toast promises no e-mail (issue 39).
    await expect(toast(page, waitlistJoined(true, false))).toBeVisible();
    await expect(page.getByTestId('waitlist-joined')).toContainText(
      'Estás en la lista de espera de las 10:00 (lugar 1).',
    );

    // The staff's day grid counts the line.
    const grid = await staff.get(`/api/staff/sessions/grid?${new URLSearchParams({ date, branchId })}`);
    expect(((await grid.json()) as { waitlist: unknown }).waitlist).toEqual([{ hour: '10:00', count: 1 }]);

    await page.getByRole('link', { name: 'Ver mis listas de espera' }).click();
    const card = page.getByTestId('my-waitlist');
    await expect(card).toContainText(`· ${branch}`);
    await expect(card).toContainText('Lugar 1 en la lista · te la reservamos si se libera');
    await expectNoSeriousViolations(page);
    await keepPicture(page, `perfil-lista-de-espera-${testInfo.project.name}`);

    // The holder cancels: the room is the waiting client's, charged once.
    expect((await holderApi.post(`/api/sessions/${sessionId}/cancel`)).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('profile-credits')).toHaveText('3 créditos');
    await expect(page.getByTestId('my-waitlist')).toHaveCount(0);
    const history = page.locator('#sesiones');
    await expect(history).toContainText(`${branch} · Sala 1`);
    await expect(history.getByText('Próxima', { exact: true })).toBeVisible();

    // Its confirmation says how it came about.
    const mail = await staff.get(
      `/api/outbox?${new URLSearchParams({ q: waiting.email, sort: 'createdAt', dir: 'desc', pageSize: '1' })}`,
    );
    const [latest] = ((await mail.json()) as { rows: { subject: string }[] }).rows;
    expect(latest!.subject).toBe('Se libero tu hora: sesion reservada');
    await holderApi.dispose();
    await staff.dispose();
  });

  test('an hour too close for any notice offers only "avísame" (the browser’s clock 1 h 45 min before it)', async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branch = `Pronto ${uniqueTag()}`;
    const { id: branchId, zone } = await createBranch(staff, branch, { zone: 'Guadalajara', rooms: 1 });
    const date = weekdayAhead(2);
    const rooms = (await (
      await staff.get(`/api/availability/rooms?${new URLSearchParams({ branchId, date, hour: '16:00' })}`)
    ).json()) as { rooms: { id: string }[] };
    const holder = await createClient(playwright, baseURL!, 3);
    const holderApi = await playwright.request.newContext({ baseURL });
    expect((await holderApi.post('/api/auth/login', { data: holder })).status()).toBe(200);
    const booked = await holderApi.post('/api/sessions', {
      data: { branchId, roomId: rooms.rooms[0]!.id, date, hour: '16:00' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await holderApi.dispose();
    await staff.dispose();

    // The page lives at 14:15 of that day (the server keeps its own clock: the hour is full and still ahead).
    await page.clock.setFixedTime(businessInstant(date, '14:15'));
    const waiting = await createClient(playwright, baseURL!, 4);
    expect((await page.request.post('/api/auth/login', { data: waiting })).status()).toBe(200);
    await page.goto('/reserva');
    await choose(page, 'Zona', new RegExp(`^${zone}`));
    await choose(page, 'Sucursal', new RegExp(`^${branch}`));
    await choose(page, 'Día', spokenDate(date));
    await page.getByRole('button', { name: '¿Tu hora está llena? Avísame si se libera' }).click();
    const offer = page.getByTestId('waitlist-offer');
    await expect(offer.getByRole('radio', { name: 'Esperar las de 16:00 a 17:00' })).toBeChecked();
    const auto = offer.getByRole('checkbox', { name: /Resérvamela automáticamente/ });
    await expect(auto).toBeDisabled();
    await expect(offer).toContainText(waitlistMessages.tooSoonToBook);
    await expect(offer.getByLabel(/Solo si se libera con al menos/)).toHaveCount(0);
    await expectNoSeriousViolations(page, { wcag22: true });
    await expectNoHorizontalScroll(page);
    await keepPicture(page, `lista-de-espera-pronto-${testInfo.project.name}`);
    await offer.getByRole('button', { name: 'Avísame' }).click();
    await expect(page.getByTestId('waitlist-joined')).toContainText('Si se libera una sala, te avisamos.');
    await expect(page.getByTestId('waitlist-joined')).not.toContainText('te la reservamos');
  });
});
