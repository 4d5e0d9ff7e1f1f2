import { type APIRequestContext, expect, type Page, type PlaywrightWorkerArgs, test } from '@playwright/test';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { formatExpiryDay } from '@sala/shared/credits/credit-lots.rules';
import { withReception } from '@sala/shared/legal/business-contact';
import { addDays } from '@sala/shared/time/business-time';
import { BUSINESS_CONTACT } from '../business-contact';
import { mexicoToday, spokenDate, weekdayAhead } from './dates';
import { createBranch, demo, loginAs, uniqueClient, uniqueTag } from './fixtures';
import { expectNoSeriousViolations, toast } from './page-checks';
import { choose, group } from './wizard';

const exactRoom = (name: string) => new RegExp(`^${name}(?!\\d)`);

type Branch = { id: string; name: string; cityName: string; sessionCost: number };
type Room = { id: string; name: string; state: 'free' | 'busy' | 'blocked' };

/**
 * A branch of the spec's own, made by the super admin: the demo's lived-in history books the coming days of its
 * branches (relative to today), so a demo branch's hour may be full on the day the suite runs.
 */
async function quietBranch(
  { playwright, baseURL }: { playwright: PlaywrightWorkerArgs['playwright']; baseURL: string },
  name: string,
  options: { zone: string; rooms: number; sessionCost?: number },
): Promise<Branch & { zone: string }> {
  const staff = await playwright.request.newContext({ baseURL });
  try {
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const branchName = `${name} ${uniqueTag()}`;
    const made = await createBranch(staff, branchName, options);
    return {
      id: made.id,
      name: branchName,
      cityName: made.zone,
      zone: made.zone,
      sessionCost: options.sessionCost ?? 1,
    };
  } finally {
    await staff.dispose();
  }
}

/**
 * A free room at a slot, preferring the given one: other specs and the other project run at the same time, so
 * every test books its own branch, day and hour, and checks the room is still free first.
 */
async function freeRoom(
  request: APIRequestContext,
  branch: Branch,
  date: string,
  hour: string,
  prefer: string,
) {
  const res = await request.get(
    `/api/availability/rooms?${new URLSearchParams({ branchId: branch.id, date, hour })}`,
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { hourState: string; rooms: Room[] };
  expect(body.hourState, `${branch.name} ${date} ${hour}`).toBe('free');
  const free = body.rooms.filter((room) => room.state === 'free');
  expect(free.length).toBeGreaterThan(0);
  return free.find((room) => room.name === prefer) ?? free[0]!;
}

/** A client of its own, active and with `credits`, so the balances this spec asserts are exact. */
async function freshClient(
  { playwright }: Pick<PlaywrightWorkerArgs, 'playwright'>,
  baseURL: string,
  credits: number,
) {
  const client = uniqueClient();
  const staff = await playwright.request.newContext({ baseURL });
  const register = await staff.post('/api/auth/register', {
    data: { ...client, passwordConfirmation: client.password, acceptTerms: true },
  });
  expect(register.status(), await register.text()).toBe(201);
  expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
  const found = await staff.get(`/api/users?${new URLSearchParams({ q: client.email })}`);
  const id = ((await found.json()) as { rows: { id: string }[] }).rows[0]!.id;
  expect((await staff.patch(`/api/users/${id}/active`, { data: { isActive: true } })).status()).toBe(200);
  const update = await staff.patch(`/api/users/${id}`, {
    data: { name: client.name, email: client.email, phone: client.phone, credits },
  });
  expect(update.status(), await update.text()).toBe(200);
  await staff.dispose();
  return { ...client, id };
}

async function logIn(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

type Slot = { zone: string; branch: string; date: string; hour: string; room: string };

async function chooseSlot(page: Page, slot: Slot) {
  await choose(page, 'Zona', new RegExp(`^${slot.zone}`));
  await choose(page, 'Sucursal', new RegExp(`^${slot.branch}`));
  await chooseFrom(page, slot);
}

/** Day, hour and room (the zone and branch stay chosen after a booking). */
async function chooseFrom(page: Page, slot: Pick<Slot, 'date' | 'hour' | 'room'>) {
  await choose(page, 'Día', spokenDate(slot.date));
  await choose(page, 'Hora', new RegExp(`^${slot.hour}`));
  await choose(page, 'Sala', exactRoom(slot.room));
}

async function expectSlotChosen(page: Page, slot: Slot) {
  await expect(group(page, 'Zona').getByRole('radio', { name: new RegExp(`^${slot.zone}`) })).toBeChecked();
  await expect(
    group(page, 'Sucursal').getByRole('radio', { name: new RegExp(`^${slot.branch}`) }),
  ).toBeChecked();
  await expect(
    group(page, 'Día').getByRole('radio', { name: spokenDate(slot.date), exact: true }),
  ).toBeChecked();
  await expect(group(page, 'Hora').getByRole('radio', { name: new RegExp(`^${slot.hour}`) })).toBeChecked();
  await expect(group(page, 'Sala').getByRole('radio', { name: exactRoom(slot.room) })).toBeChecked();
}

/** A branch of its own two weekdays ahead at 10:00: a visitor only looks, but the room must be free. */
async function visitorSlot(
  page: Page,
  workers: { playwright: PlaywrightWorkerArgs['playwright']; baseURL: string },
): Promise<Slot> {
  const branch = await quietBranch(workers, 'Visita', { zone: 'Guadalajara', rooms: 1 });
  const date = weekdayAhead(2);
  const room = await freeRoom(page.request, branch, date, '10:00', 'Sala 1');
  return { zone: branch.zone, branch: branch.name, date, hour: '10:00', room: room.name };
}

test.describe('booking wizard (/reserva)', () => {
  test('a client sees which credits expire and when, in /perfil and in the booking summary (issue 44)', async ({
    page,
    playwright,
    baseURL,
    isMobile,
  }) => {
    test.setTimeout(60_000);
    const client = await freshClient({ playwright }, baseURL!, 2);
    // The super admin adds 3 credits that can be used for 10 more days.
    const today = mexicoToday();
    const expiresOn = addDays(today, 10);
    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const given = await staff.post(`/api/users/${client.id}/credits`, {
      data: { delta: 3, reason: 'Paquete con vigencia', expiresOn },
    });
    expect(given.status(), await given.text()).toBe(200);
    await staff.dispose();
    const day = formatExpiryDay(expiresOn, today);

    await logIn(page, client);
    await page.goto('/perfil');
    await expect(page.getByText(`3 créditos vencen el ${day}`)).toBeVisible();
    await expect(page.getByText('2 créditos sin vencimiento')).toBeVisible();
    await expectNoSeriousViolations(page);

    const branch = await quietBranch({ playwright, baseURL: baseURL! }, 'Vigencia', {
      zone: 'Ciudad de México',
      rooms: 2,
    });
    const date = weekdayAhead(3);
    const room = await freeRoom(page.request, branch, date, '12:00', isMobile ? 'Sala 2' : 'Sala 1');
    await page.goto('/reserva');
    await chooseSlot(page, { zone: branch.zone, branch: branch.name, date, hour: '12:00', room: room.name });
    const summary = page.getByTestId('booking-summary');
    // The credits that expire first pay: the summary says so before the client confirms.
    await expect(summary).toContainText(`Usa 1 crédito que vence el ${day}.`);
    await summary.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('heading', { name: '¡Tu sesión está reservada!' })).toBeVisible();
    await page.goto('/perfil');
    await expect(page.getByText(`2 créditos vencen el ${day}`)).toBeVisible();
  });

  test('a client books a session, sees it in /perfil, cancels it and gets the credits back', async ({
    page,
    playwright,
    baseURL,
    isMobile,
  }) => {
    test.setTimeout(60_000);
    const client = await freshClient({ playwright }, baseURL!, 5);
    const valle = await quietBranch({ playwright, baseURL: baseURL! }, 'Consultorio', {
      zone: 'Ciudad de México',
      rooms: 5,
    });
    const date = weekdayAhead(2);
    const hour = '18:00';
    const room = await freeRoom(page.request, valle, date, hour, isMobile ? 'Sala 4' : 'Sala 5');
    const slot = { zone: valle.zone, branch: valle.name, date, hour, room: room.name };
    const credits = page.getByTestId('nav-credits');

    await logIn(page, client);
    await page.goto('/reserva');
    await expect(page.getByRole('heading', { level: 1, name: 'Reserva tu sala' })).toBeVisible();
    if (!isMobile) await expect(credits).toHaveText('5 créditos');
    await expect(group(page, 'Sucursal')).toHaveCount(0);
    await chooseSlot(page, slot);

    const summary = page.getByTestId('booking-summary');
    await expect(summary).toContainText(spokenDate(date));
    await expect(summary).toContainText(`de ${hour} a ${Number(hour.slice(0, 2)) + 1}:00`);
    await expect(summary).toContainText(room.name);
    await expect(summary.getByTestId('booking-cost')).toHaveText('1 crédito');
    await expect(summary.getByTestId('balance-after')).toHaveText('4 créditos');
    await summary.getByRole('button', { name: 'Confirmar' }).click();

    await expect(toast(page, 'Sesión creada exitosamente')).toBeVisible();
    const done = page.getByTestId('booking-success');
    await expect(done).toContainText(spokenDate(date));
    // The confirmation replaced the wizard: its heading is in view, below the fixed header, not under it.
    const heading = done.getByRole('heading', { name: '¡Tu sesión está reservada!' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport({ ratio: 1 });
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect(done.getByTestId('booked-balance')).toHaveText('4 créditos');
    if (!isMobile) await expect(credits).toHaveText('4 créditos');
    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });
    // Nothing scrolls sideways on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);

    await done.getByRole('link', { name: 'Ver mis sesiones' }).click();
    await expect(page).toHaveURL('/perfil');
    await expect(page.getByTestId('profile-credits')).toHaveText('4 créditos');
    const history = page.locator('#sesiones');
    await expect(history).toContainText(`${valle.name} · ${room.name}`);
    await expect(history.getByText('Próxima', { exact: true })).toBeVisible();
    await expect(history.getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute(
      'href',
      /\/api\/me\/sessions\/[\w-]+\/calendar$/,
    );

    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });
    await history.getByRole('button', { name: /^Cancelar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar sesión' });
    await expect(dialog).toContainText('Te devolveremos 1 crédito.');
    await dialog.getByRole('button', { name: 'Cancelar sesión' }).click();
    await expect(toast(page, 'Sesión cancelada con éxito')).toBeVisible();
    await expect(history.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(history.getByRole('button', { name: /^Cancelar/ })).toHaveCount(0);
    await expect(page.getByTestId('profile-credits')).toHaveText('5 créditos');
    if (!isMobile) await expect(credits).toHaveText('5 créditos');

    // The room is free again.
    expect((await freeRoom(page.request, valle, date, hour, room.name)).name).toBe(room.name);
  });

  test("a session less than 24 hours away offers no 'Cancelar'", async ({ page }) => {
    const id = '0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b';
    const startsAt = new Date(Date.now() + 5 * 3_600_000).toISOString();
    // The server's rule (almost → no cancel) is covered by the API tests; here the page's answer to it.
    await page.route(
      (url) => url.pathname === '/api/me/sessions',
      (route) =>
        route.fulfill({
          json: {
            rows: [
              {
                id,
                startsAt,
                cityName: 'Ciudad de México',
                branchName: 'Valle',
                roomName: 'Sala 1',
                creditsCharged: 1,
                cancelledAt: null,
                timing: 'almost',
                canCancel: false,
              },
            ],
            total: 1,
            page: 1,
            pageSize: 10,
          },
        }),
    );
    await loginAs(page, 'client');
    await page.goto('/perfil');
    const history = page.locator('#sesiones');
    await expect(history.getByText('En menos de 24 h', { exact: true })).toBeVisible();
    // With the business's numbers (issue 39).
    await expect(
      history.getByText(withReception(bookingMessages.tooLateToCancel, BUSINESS_CONTACT)),
    ).toBeVisible();
    await expect(history.getByRole('button', { name: /Cancelar/ })).toHaveCount(0);
    await expect(history.getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute(
      'href',
      `/api/me/sessions/${id}/calendar`,
    );
    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });
  });

  test('a client without enough credits cannot confirm and is pointed to /comprar', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const client = await freshClient({ playwright }, baseURL!, 0);
    await logIn(page, client);
    const slot = await visitorSlot(page, { playwright, baseURL: baseURL! });
    await page.goto('/reserva');
    await chooseSlot(page, slot);
    const summary = page.getByTestId('booking-summary');
    await expect(summary).toContainText('Tu saldo no alcanza para esta sesión.');
    await expect(summary.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
    // The whole summary ("Repetir" arrives in a chunk of its own): a link that moves between press and release
    // takes no tap.
    await expect(summary.getByRole('combobox', { name: 'Repetir' })).toBeVisible();
    await summary.getByRole('link', { name: 'Comprar créditos' }).click();
    await expect(page).toHaveURL('/comprar');
  });

  test('a visitor who confirms goes to the login, which is told the way back to the same five choices', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const slot = await visitorSlot(page, { playwright, baseURL: baseURL! });
    await page.goto('/reserva');
    await chooseSlot(page, slot);
    await expect(page.getByText('Te pediremos iniciar sesión para confirmar.')).toBeVisible();
    const chosen = new URL(page.url());
    expect(chosen.searchParams.get('dia')).toBe(slot.date);
    expect(chosen.searchParams.get('hora')).toBe(slot.hour);

    // A reload keeps the choice.
    await page.reload();
    await expectSlotChosen(page, slot);
    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });

    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL('/registro/iniciar-sesion');
    // The login page is a new document (decision 016): it takes the way back into its history entry as it starts.
    const wayBack = () =>
      page.evaluate(() => (history.state as { usr?: { from?: string } } | null)?.usr?.from);
    await expect.poll(wayBack).toBe(`/reserva${chosen.search}`);
    const from = await wayBack();

    // Back there signed in, the five choices are waiting, with the balance and 'Confirmar'.
    await loginAs(page, 'client');
    await page.goto(from!);
    await expectSlotChosen(page, slot);
    const summary = page.getByTestId('booking-summary');
    await expect(summary).toContainText(`de ${slot.hour} a `);
    await expect(summary).toContainText('Tu saldo');
    await expect(summary.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
    await expect(page.getByText('Te pediremos iniciar sesión para confirmar.')).toHaveCount(0);
  });

  test('a visitor who logs in through the form comes back to /reserva with the same five choices', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const slot = await visitorSlot(page, { playwright, baseURL: baseURL! });
    await page.goto('/reserva');
    await chooseSlot(page, slot);
    const chosen = new URL(page.url());
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL('/registro/iniciar-sesion');
    await page.getByLabel('Correo electrónico').fill(demo.client.email);
    await page.getByLabel('Contraseña').fill(demo.client.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(`/reserva${chosen.search}`);
    await expectSlotChosen(page, slot);
    await expect(
      page.getByTestId('booking-summary').getByRole('button', { name: 'Confirmar' }),
    ).toBeEnabled();
  });
});

test.describe('booking for others (/admin/reservar)', () => {
  test.skip(({ isMobile }) => isMobile, 'admin screens are tested on desktop');

  test('the super admin books for a client found by name, then a courtesy session', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const client = await freshClient({ playwright }, baseURL!, 5);
    // A branch at 2 credits per session, like the demo's Polanco.
    const polanco = await quietBranch({ playwright, baseURL: baseURL! }, 'Tarifa doble', {
      zone: 'Ciudad de México',
      rooms: 4,
      sessionCost: 2,
    });
    const date = weekdayAhead(3);
    const forClient = await freeRoom(page.request, polanco, date, '13:00', 'Sala 3');
    const courtesy = await freeRoom(page.request, polanco, date, '14:00', 'Sala 4');
    const created: string[] = [];
    const booking = () =>
      page.waitForResponse(
        (res) => res.url().endsWith('/api/staff/sessions') && res.request().method() === 'POST',
      );

    await loginAs(page, 'superadmin');
    await page.goto('/admin/reservar');
    await expect(page.getByRole('heading', { level: 1, name: 'Reservar' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Cliente' }).fill(client.name);
    await page.getByRole('option', { name: new RegExp(client.name) }).click();
    await expect(page.getByTestId('client-credits')).toHaveText('5 créditos');
    await chooseSlot(page, {
      zone: 'Ciudad de México',
      branch: polanco.name,
      date,
      hour: '13:00',
      room: forClient.name,
    });
    const summary = page.getByTestId('booking-summary');
    await expect(summary.getByTestId('booking-cost')).toHaveText('2 créditos');
    await expect(summary).toContainText(client.name);
    await expect(summary.getByTestId('balance-after')).toHaveText('3 créditos');
    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });
    const clientBooking = booking();
    await summary.getByRole('button', { name: 'Confirmar' }).click();
    const clientAnswer = await clientBooking;
    expect(clientAnswer.status()).toBe(201);
    const forClientBody = (await clientAnswer.json()) as { session: { id: string }; balance: number };
    created.push(forClientBody.session.id);
    expect(forClientBody.balance).toBe(3);
    await expect(toast(page, 'Sesión creada exitosamente')).toBeVisible();
    await expect(page.getByTestId('booking-success')).toContainText(`Reservación creada para ${client.name}`);
    // Ready for the next one: the client is cleared, the zone, branch and day stay.
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue('');
    await expect(group(page, 'Hora').getByRole('radio', { checked: true })).toHaveCount(0);

    await page.getByRole('radio', { name: 'Cortesía' }).check();
    await page.getByLabel('Nombre de cortesía').fill('Ana');
    await chooseFrom(page, { date, hour: '14:00', room: courtesy.name });
    await expect(summary.getByTestId('booking-cost')).toHaveText('Sin costo (cortesía)');
    let posted = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/staff/sessions') && request.method() === 'POST') posted = true;
    });
    await summary.getByRole('button', { name: 'Confirmar' }).click();
    await expect(
      page.getByText('Nombre de cortesía es requerido y debe tener al menos 6 caracteres.'),
    ).toBeVisible();
    expect(posted).toBe(false);
    await expectNoSeriousViolations(page, { afterToasts: true, wcag22: true });

    await page.getByLabel('Nombre de cortesía').fill('Dra. Ana Ruiz');
    const courtesyBooking = booking();
    await summary.getByRole('button', { name: 'Confirmar' }).click();
    const courtesyAnswer = await courtesyBooking;
    expect(courtesyAnswer.status()).toBe(201);
    const courtesyBody = (await courtesyAnswer.json()) as { session: { id: string }; balance: number | null };
    created.push(courtesyBody.session.id);
    expect(courtesyBody.balance).toBeNull();
    await expect(page.getByTestId('booking-success')).toContainText('Dra. Ana Ruiz');

    // The client was charged the branch's cost; taking both down gives it back.
    const staff = page.request;
    expect(((await (await staff.get(`/api/users/${client.id}`)).json()) as { credits: number }).credits).toBe(
      3,
    );
    for (const id of created) {
      expect((await staff.post(`/api/sessions/${id}/cancel`)).status()).toBe(200);
    }
    expect(((await (await staff.get(`/api/users/${client.id}`)).json()) as { credits: number }).credits).toBe(
      5,
    );
  });
});
