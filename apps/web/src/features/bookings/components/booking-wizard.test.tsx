import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type {
  TCreateSessionResponse,
  TRescheduleSessionResponse,
} from '@sala/shared/bookings/bookings.contract';
import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import { waitlistJoined, waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import type { TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import type { TMySession } from '@sala/shared/users/profile.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditLot, FakeEventSource, jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { withNavigation } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { BookingWizard } from './booking-wizard';
import { takenMessages } from './taken-notice';

const notify = spyOnToasts();

const CDMX = '6f0c4a5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f';
const GDL = '5e0b395d-0c1a-4b29-8d7e-f9a0b1c2d3e4';
const VALLE = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';
const POLANCO = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f61';
const PROVIDENCIA = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f62';
const SALA_1 = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071';
const SALA_2 = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6072';
const SALA_3 = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6073';
const CLIENT_ID = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';

const MERIDA = '4d9a284c-fb09-4a18-8c6d-e8f9a0b1c2d3';
const EMPTY = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f63';
const CLOSED = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f64';
const branches = [
  { id: VALLE, name: 'Valle', cityId: CDMX, cityName: 'Ciudad de México', sessionCost: 1, roomCount: 3 },
  { id: POLANCO, name: 'Polanco', cityId: CDMX, cityName: 'Ciudad de México', sessionCost: 2, roomCount: 3 },
  // Its only room deactivated: not bookable, so not offered.
  { id: EMPTY, name: 'Coyoacán', cityId: CDMX, cityName: 'Ciudad de México', sessionCost: 1, roomCount: 0 },
  {
    id: PROVIDENCIA,
    name: 'Providencia',
    cityId: GDL,
    cityName: 'Guadalajara',
    sessionCost: 1,
    roomCount: 3,
  },
  // A zone whose only branch has no active room: not offered either.
  { id: CLOSED, name: 'Centro', cityId: MERIDA, cityName: 'Mérida', sessionCost: 1, roomCount: 0 },
];

// Monday 7 January 2030 is "today"; the days come from the API, so the test never depends on the real clock.
const days = (branchId: string) => ({
  branchId,
  today: '2030-01-07',
  sessionCost: branches.find((b) => b.id === branchId)!.sessionCost,
  days: [
    { date: '2030-01-07', weekday: 1 },
    { date: '2030-01-08', weekday: 2 },
    { date: '2030-01-09', weekday: 3 },
  ],
});

const hours = (date: string) => ({
  date,
  hours: (
    [
      ['08:00', 'past', 0],
      ['09:00', 'blocked', 0],
      ['10:00', 'free', 2],
      ['11:00', 'full', 0],
      ['12:00', 'free', 1],
    ] as const
  ).map(([hour, state, freeRooms]) => ({
    hour,
    // Mexico City is UTC−6 all year.
    startsAt: new Date(`${date}T${hour}:00-06:00`).toISOString(),
    state,
    freeRooms,
  })),
});

const rooms = (date: string, hour: string, taken: string[] = []) => ({
  date,
  hour,
  hourState: 'free',
  rooms: [
    { id: SALA_1, name: 'Sala 1', position: 1, state: taken.includes(SALA_1) ? 'busy' : 'free' },
    { id: SALA_2, name: 'Sala 2', position: 2, state: taken.includes(SALA_2) ? 'busy' : 'free' },
    { id: SALA_3, name: 'Sala 3', position: 3, state: 'blocked' },
  ],
});

const client = sessionClient({ credits: 10 });
const superAdmin: TSessionUser = { ...client, name: 'Sofía Ramírez', role: 'superadmin', isSuperAdmin: true };

const booked = (over: Partial<TCreateSessionResponse> = {}): TCreateSessionResponse => ({
  session: {
    id: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
    startsAt: '2030-01-08T16:00:00.000Z',
    date: '2030-01-08',
    hour: '10:00',
    cityName: 'Ciudad de México',
    branchName: 'Valle',
    roomName: 'Sala 2',
    creditsCharged: 1,
    isCourtesy: false,
    holderName: 'Valeria Torres',
  },
  balance: 9,
  mailDelivery: 'sent',
  mailWarning: false,
  ...over,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Call = { path: string; query: URLSearchParams; method: string; body: unknown };

type FakeOptions = {
  user?: TSessionUser | null;
  /** GET /api/me/sessions/:id: the session a client moves (/reserva?cambiar=). */
  mine?: TMySession;
  branchesFail?: boolean;
  taken?: string[];
  book?: (body: unknown) => Response;
  /** GET /api/me/credit-lots: the client's lots (issue 44); none unless told. */
  lots?: TCreditLot[];
};

/** A fake API: the session, the availability answers and what booking answers. */
function fakeApi({
  user = null,
  mine,
  branchesFail = false,
  taken = [],
  book = () => jsonResponse(booked(), 201),
  lots = [],
}: FakeOptions = {}) {
  const calls: Call[] = [];
  const state = { taken };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [path = '', search = ''] = url.split('?');
    const query = new URLSearchParams(search);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path, query, method, body });
    if (path === '/api/auth/session') return jsonResponse({ user });
    if (mine && path === `/api/me/sessions/${mine.id}`) return jsonResponse(mine);
    if (path === '/api/me/credit-lots') return jsonResponse({ today: '2030-01-07', lots });
    if (path === '/api/availability/branches') {
      return branchesFail
        ? jsonResponse({ error: { code: 'internal', message: 'x' } }, 500)
        : jsonResponse(branches);
    }
    if (path === '/api/availability/days') return jsonResponse(days(query.get('branchId')!));
    if (path === '/api/availability/hours') return jsonResponse(hours(query.get('date')!));
    if (path === '/api/availability/rooms') {
      return jsonResponse(rooms(query.get('date')!, query.get('hour')!, state.taken));
    }
    if (path === '/api/users/clients') {
      return jsonResponse([
        {
          id: CLIENT_ID,
          name: 'Valeria Torres',
          email: 'cliente@example.com',
          phone: '3311223344',
          credits: 4,
        },
      ]);
    }
    if (method === 'POST') return book(body);
    return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    state,
    posts: () => calls.filter((call) => call.method === 'POST'),
    roomCalls: () => calls.filter((call) => call.path === '/api/availability/rooms'),
  };
}

function LoginProbe() {
  const location = useLocation();
  return <p>Login desde {(location.state as { from?: string } | null)?.from}</p>;
}

function renderWizard({ mode = 'self', url = '/reserva' }: { mode?: 'self' | 'staff'; url?: string } = {}) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    withNavigation([
      { path: '/reserva', element: <BookingWizard mode={mode} /> },
      { path: '/registro/iniciar-sesion', element: <LoginProbe /> },
      { path: '/perfil', element: <p>Perfil</p> },
    ]),
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const group = (name: RegExp) => screen.getByRole('radiogroup', { name });

async function pick(user: ReturnType<typeof userEvent.setup>, step: RegExp, option: RegExp | string) {
  const radio = await waitFor(() => within(group(step)).getByRole('radio', { name: option }));
  await user.click(radio);
  await waitFor(() => expect(radio).toBeChecked());
}

/** Zona → Sucursal → Día → Hora → Sala, as a client would. */
async function chooseAll(user: ReturnType<typeof userEvent.setup>) {
  await pick(user, /Zona/, /Ciudad de México/);
  await pick(user, /Sucursal/, /Valle/);
  await pick(user, /Día/, 'martes 8 de enero de 2030');
  await pick(user, /Hora/, /^10:00/);
  await pick(user, /Sala/, /^Sala 2/);
}

const fullQuery = `zona=${CDMX}&sucursal=${VALLE}&dia=2030-01-08&hora=10%3A00&sala=${SALA_2}`;

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BookingWizard (/reserva)', () => {
  it('walks zone → branch → day → hour → room, keeping the choice in the URL', async () => {
    fakeApi();
    const user = userEvent.setup();
    const router = renderWizard();

    expect(await screen.findByRole('heading', { name: 'Zona' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(
      within(group(/Zona/))
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Ciudad de México2 sucursales', 'Guadalajara1 sucursal']);

    await pick(user, /Zona/, /Ciudad de México/);
    expect(within(group(/Sucursal/)).getAllByRole('radio')).toHaveLength(2);
    await pick(user, /Sucursal/, /Valle/);

    // Days: the date in Mexican Spanish, today marked.
    await pick(user, /Día/, 'martes 8 de enero de 2030');
    expect(within(group(/Día/)).getByRole('radio', { name: 'lunes 7 de enero de 2030 (hoy)' })).toBeEnabled();

    // Hours: disabled ones say why; free ones say how many rooms are free.
    const hourGroup = await waitFor(() => group(/Hora/));
    await waitFor(() => expect(within(hourGroup).getAllByRole('radio')).toHaveLength(5));
    const hourCard = (hour: string) => within(hourGroup).getByRole('radio', { name: new RegExp(`^${hour}`) });
    expect(hourCard('08:00')).toBeDisabled();
    expect(hourCard('08:00')).toHaveAccessibleName('08:00pasada');
    expect(hourCard('09:00')).toHaveAccessibleName('09:00bloqueada');
    expect(hourCard('11:00')).toHaveAccessibleName('11:00llena');
    expect(hourCard('11:00')).toBeDisabled();
    expect(hourCard('10:00')).toHaveAccessibleName('10:002 salas libres');
    expect(hourCard('12:00')).toHaveAccessibleName('12:001 sala libre');
    await pick(user, /Hora/, /^10:00/);

    // Rooms: busy and blocked ones are disabled.
    await waitFor(() => expect(within(group(/Sala/)).getAllByRole('radio')).toHaveLength(3));
    expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 3/ })).toBeDisabled();
    expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 3/ })).toHaveAccessibleName(
      'Sala 3bloqueada',
    );
    await pick(user, /Sala/, /^Sala 2/);

    expect(router.state.location.search).toBe(`?${fullQuery}`);
    const summary = screen.getByTestId('booking-summary');
    expect(summary).toHaveTextContent('Ciudad de México');
    expect(summary).toHaveTextContent('Valle');
    expect(summary).toHaveTextContent('martes 8 de enero de 2030');
    expect(summary).toHaveTextContent('de 10:00 a 11:00');
    expect(summary).toHaveTextContent('Sala 2');
    expect(within(summary).getByTestId('booking-cost')).toHaveTextContent('1 crédito');
    expect(within(summary).getByRole('button', { name: 'Confirmar' })).toBeVisible();
  });

  it('offers no branch without an active room, nor a zone left without branches', async () => {
    fakeApi();
    const user = userEvent.setup();
    const router = renderWizard();
    await waitFor(() => expect(within(group(/Zona/)).getAllByRole('radio')).toHaveLength(2));
    expect(within(group(/Zona/)).queryByRole('radio', { name: /Mérida/ })).toBeNull();
    await pick(user, /Zona/, /Ciudad de México/);
    expect(
      within(group(/Sucursal/))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Polanco2 créditos por sesión', 'Valle1 crédito por sesión']);

    // A link to it (an old e-mail, a bookmark) drops it: the zone stays chosen, the branch is to choose.
    await act(() => router.navigate(`/reserva?zona=${CDMX}&sucursal=${EMPTY}`));
    await waitFor(() =>
      expect(within(group(/Sucursal/)).queryAllByRole('radio', { checked: true })).toEqual([]),
    );
    expect(screen.queryByRole('radiogroup', { name: /Día/ })).toBeNull();
  });

  it('a new zone, branch or day resets the later steps (docs/business-rules.md §4)', async () => {
    fakeApi();
    const user = userEvent.setup();
    const router = renderWizard({ url: `/reserva?${fullQuery}` });
    expect(await screen.findByRole('button', { name: 'Confirmar' })).toBeVisible();

    await pick(user, /Día/, 'miércoles 9 de enero de 2030');
    expect(router.state.location.search).toBe(`?zona=${CDMX}&sucursal=${VALLE}&dia=2030-01-09`);
    expect(screen.queryByRole('radiogroup', { name: /Sala/ })).not.toBeInTheDocument();
    await waitFor(() => expect(within(group(/Hora/)).getAllByRole('radio')).toHaveLength(5));
    expect(within(group(/Hora/)).queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();

    await pick(user, /Zona/, /Guadalajara/);
    expect(router.state.location.search).toBe(`?zona=${GDL}`);
    expect(screen.queryByRole('radiogroup', { name: /Día/ })).not.toBeInTheDocument();
    expect(within(group(/Sucursal/)).getAllByRole('radio')).toHaveLength(1);
  });

  it('sends a visitor who confirms to the login, with the way back to the same choice', async () => {
    fakeApi({ user: null });
    const user = userEvent.setup();
    renderWizard();
    await chooseAll(user);
    expect(screen.getByText('Te pediremos iniciar sesión para confirmar.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(`Login desde /reserva?${fullQuery}`)).toBeInTheDocument();
  });

  it('books for a signed-in client: the balance after, the POST, the toast and the confirmation', async () => {
    const api = fakeApi({ user: client });
    const user = userEvent.setup();
    const router = renderWizard();
    await chooseAll(user);
    await waitFor(() => expect(screen.getByTestId('balance-after')).toHaveTextContent('9 créditos'));

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const panel = await screen.findByTestId('booking-success');
    expect(api.posts()).toEqual([
      expect.objectContaining({
        path: '/api/sessions',
        body: {
          branchId: VALLE,
          roomId: SALA_2,
          date: '2030-01-08',
          hour: '10:00',
          idempotencyKey: expect.stringMatching(UUID),
        },
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith(m.created);
    expect(notify.warning).not.toHaveBeenCalled();
    expect(within(panel).getByRole('heading', { name: '¡Tu sesión está reservada!' })).toHaveFocus();
    expect(panel).toHaveTextContent('martes 8 de enero de 2030');
    expect(panel).toHaveTextContent('de 10:00 a 11:00');
    expect(within(panel).getByTestId('booked-balance')).toHaveTextContent('9 créditos');
    expect(within(panel).getByRole('link', { name: 'Ver mis sesiones' })).toHaveAttribute('href', '/perfil');
    expect(within(panel).getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute(
      'href',
      '/api/me/sessions/d1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a/calendar',
    );
    // The booking refreshed the session user (the navigation's credits).
    expect(api.calls.filter((call) => call.path === '/api/auth/session').length).toBeGreaterThan(1);

    // 'Reservar otra' starts over at the hour, the zone, branch and day still chosen.
    await user.click(within(panel).getByRole('button', { name: 'Reservar otra' }));
    expect(router.state.location.search).toBe(`?zona=${CDMX}&sucursal=${VALLE}&dia=2030-01-08`);
    expect(await screen.findByRole('radiogroup', { name: /Hora/ })).toBeVisible();
  });

  it('says which credits the booking uses, the soonest to expire first (issue 44)', async () => {
    const api = fakeApi({
      user: client,
      lots: [creditLot({ remaining: 1, expiresOn: '2030-01-12' }), creditLot({ remaining: 9 })],
    });
    const user = userEvent.setup();
    renderWizard();
    await chooseAll(user);
    expect(await screen.findByTestId('booking-spend')).toHaveTextContent(
      'Usa 1 crédito que vence el 12 de enero.',
    );
    // At Polanco (2 credits) it takes the rest from the lot that never expires.
    await pick(user, /Sucursal/, /Polanco/);
    await pick(user, /Día/, 'martes 8 de enero de 2030');
    await pick(user, /Hora/, /^10:00/);
    await pick(user, /Sala/, /^Sala 2/);
    await waitFor(() =>
      expect(screen.getByTestId('booking-spend')).toHaveTextContent(
        'Usa 1 crédito que vence el 12 de enero y 1 sin vencimiento.',
      ),
    );
    expect(api.calls.some((call) => call.path === '/api/me/credit-lots')).toBe(true);
  });

  it('says nothing of the credits used to a visitor (no lots are asked for)', async () => {
    const api = fakeApi({ user: null });
    const user = userEvent.setup();
    renderWizard();
    await chooseAll(user);
    await screen.findByRole('button', { name: 'Confirmar' });
    expect(screen.queryByTestId('booking-spend')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/me/credit-lots')).toBe(false);
  });

  it('says no confirmation will arrive when the site sends no e-mail at all (no mail server)', async () => {
    fakeApi({ user: client, book: () => jsonResponse(booked({ mailDelivery: 'off' }), 201) });
    const user = userEvent.setup();
    renderWizard({ url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    const success = await screen.findByTestId('booking-success');
    expect(within(success).getByText(m.emailOff)).toBeVisible();
    expect(within(success).queryByText(m.emailSent)).toBeNull();
  });

  it('shows the yellow warning instead when the e-mail could not be sent', async () => {
    fakeApi({
      user: client,
      book: () => jsonResponse(booked({ mailDelivery: 'delayed', mailWarning: true }), 201),
    });
    const user = userEvent.setup();
    renderWizard({ url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await screen.findByTestId('booking-success');
    expect(notify.warning).toHaveBeenCalledWith(m.emailWarning);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('a refusal for credits shows the message and a link to buy credits', async () => {
    fakeApi({
      user: client,
      book: () =>
        jsonResponse(
          { error: { code: 'aborted', message: m.noCredits, fields: { credits: m.noCredits } } },
          409,
        ),
    });
    const user = userEvent.setup();
    renderWizard({ url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(m.noCredits)).toBeVisible();
    expect(notify.error).toHaveBeenCalledWith(m.noCredits);
    expect(screen.getByRole('link', { name: 'Comprar créditos' })).toHaveAttribute('href', '/comprar');
    // Nothing to gain by pressing it again: the way on is buying credits.
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeDisabled();
  });

  it('a retry after a lost answer carries the same idempotency key', async () => {
    let calls = 0;
    const api = fakeApi({
      user: client,
      book: () => {
        calls++;
        // The first answer never arrives in one piece (the process restarted): the client tries again.
        if (calls === 1) return jsonResponse({ error: { code: 'unavailable', message: 'x' } }, 503);
        return jsonResponse(booked(), 201);
      },
    });
    const user = userEvent.setup();
    renderWizard({ url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByTestId('booking-success');
    const [first, second] = api
      .posts()
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(first).toMatch(UUID);
    expect(second).toBe(first);
  });

  it('a balance short of the cost disables Confirmar and points to /comprar', async () => {
    const api = fakeApi({ user: sessionClient({ credits: 0 }) });
    renderWizard({ url: `/reserva?${fullQuery}` });
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('Tu saldo no alcanza para esta sesión. Comprar créditos');
    expect(screen.getByRole('link', { name: 'Comprar créditos' })).toHaveAttribute('href', '/comprar');
    expect(api.posts()).toHaveLength(0);
  });

  it('a taken room refreshes the rooms and asks for another', async () => {
    const api = fakeApi({
      user: client,
      book: () => {
        api.state.taken = [SALA_2];
        return jsonResponse(
          { error: { code: 'aborted', message: m.sessionTaken, fields: { roomId: m.sessionTaken } } },
          409,
        );
      },
    });
    const user = userEvent.setup();
    const router = renderWizard({ url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.sessionTaken));
    await waitFor(() =>
      expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 2/ })).toHaveAccessibleName(
        'Sala 2ocupada',
      ),
    );
    expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 2/ })).toBeDisabled();
    expect(api.roomCalls().length).toBeGreaterThan(1);
    expect(router.state.location.search).not.toContain('sala=');
    expect(screen.getByText(m.sessionTaken)).toBeVisible();
  });

  it('drops a room from the URL that is no longer free (a reload after someone took it)', async () => {
    fakeApi({ taken: [SALA_2] });
    renderWizard({ url: `/reserva?${fullQuery}` });
    await waitFor(() => expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 2/ })).toBeDisabled());
    expect(within(group(/Hora/)).getByRole('radio', { name: /^10:00/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).not.toBeInTheDocument();
  });

  it("says 'por el momento no es posible agendar' when the branches cannot be loaded", async () => {
    fakeApi({ branchesFail: true });
    renderWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent(m.loadFailed);
  });
});

describe('BookingWizard (/reserva?cambiar=, moving a session)', () => {
  // The move is a lazy chunk with the time-zone code: compiled once here, not inside the first test's 5 s waits
  // (it took longer on a busy machine).
  beforeAll(async () => {
    await import('./reschedule-booking');
  }, 30_000);
  const MOVING = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
  const mine = (over: Partial<TMySession> = {}): TMySession => ({
    id: MOVING,
    startsAt: '2030-01-09T18:00:00.000Z',
    cityId: CDMX,
    cityName: 'Ciudad de México',
    branchId: VALLE,
    branchName: 'Valle',
    roomId: SALA_1,
    roomName: 'Sala 1',
    creditsCharged: 1,
    cancelledAt: null,
    timing: 'beyond',
    canCancel: true,
    seriesId: null,
    expiredCredits: 0,
    ...over,
  });
  const moved = (difference: number, balance: number): TRescheduleSessionResponse => ({
    ...booked({ balance }),
    previousId: MOVING,
    difference,
  });

  it('names the session, charges the difference at a dearer branch and moves it in one POST', async () => {
    const api = fakeApi({
      user: client,
      mine: mine(),
      book: () => jsonResponse(moved(1, 9), 201),
    });
    const user = userEvent.setup();
    const router = renderWizard({ url: `/reserva?cambiar=${MOVING}` });
    const banner = await screen.findByTestId('moving-session');
    expect(banner).toHaveTextContent('miércoles 9 de enero de 2030, de 12:00 a 13:00 · Valle · Sala 1');

    // It starts on the session's zone, branch and day; the client moves it to another branch.
    await waitFor(() =>
      expect(within(group(/Sucursal/)).getByRole('radio', { name: /Valle/ })).toBeChecked(),
    );
    await pick(user, /Sucursal/, /Polanco/);
    // The choice keeps the session being moved in the URL.
    expect(new URLSearchParams(router.state.location.search).get('cambiar')).toBe(MOVING);
    await pick(user, /Día/, 'martes 8 de enero de 2030');
    await pick(user, /Hora/, /^10:00/);
    await pick(user, /Sala/, /^Sala 2/);
    expect(await screen.findByTestId('move-difference')).toHaveTextContent('1 crédito');
    expect(screen.getByText('Pagas de más')).toBeVisible();
    expect(screen.getByTestId('balance-after')).toHaveTextContent('9 créditos');

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    const panel = await screen.findByTestId('booking-success');
    expect(api.posts()).toEqual([
      expect.objectContaining({
        path: `/api/sessions/${MOVING}/reschedule`,
        body: {
          branchId: POLANCO,
          roomId: SALA_2,
          date: '2030-01-08',
          hour: '10:00',
          idempotencyKey: expect.stringMatching(UUID),
        },
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith(m.rescheduled);
    expect(within(panel).getByRole('heading', { name: '¡Tu sesión cambió!' })).toBeVisible();

    // 'Reservar otra' is a new booking: nothing is being moved any more.
    await user.click(within(panel).getByRole('button', { name: 'Reservar otra' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('moving-session')).toBeNull();
  });

  it('starts on the session’s zone, branch and day, its hour and room marked as the one being moved', async () => {
    fakeApi({ user: client, mine: mine(), taken: [SALA_1] });
    const user = userEvent.setup();
    const router = renderWizard({ url: `/reserva?cambiar=${MOVING}` });
    const day = await waitFor(() =>
      within(group(/Día/)).getByRole('radio', { name: 'miércoles 9 de enero de 2030' }),
    );
    await waitFor(() => expect(day).toBeChecked());
    expect(within(group(/Zona/)).getByRole('radio', { name: /Ciudad de México/ })).toBeChecked();
    expect(within(group(/Sucursal/)).getByRole('radio', { name: /Valle/ })).toBeChecked();
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      zona: CDMX,
      sucursal: VALLE,
      dia: '2030-01-09',
      cambiar: MOVING,
    });

    const hourCard = (hour: string) =>
      within(group(/Hora/)).getByRole('radio', { name: new RegExp(`^${hour}`) });
    await waitFor(() => expect(hourCard('12:00')).toHaveAccessibleName('12:00tu sesión'));
    expect(hourCard('10:00')).toHaveAccessibleName('10:002 salas libres');
    await pick(user, /Hora/, /^12:00/);
    const room = (name: string) => within(group(/Sala/)).getByRole('radio', { name: new RegExp(`^${name}`) });
    await waitFor(() => expect(room('Sala 1')).toHaveAccessibleName('Sala 1tu sesión'));
    expect(room('Sala 1')).toBeDisabled();
    expect(room('Sala 2')).toHaveAccessibleName('Sala 2libre');

    // Another day has nothing to mark.
    await pick(user, /Día/, 'martes 8 de enero de 2030');
    await waitFor(() => expect(hourCard('12:00')).toHaveAccessibleName('12:001 sala libre'));
  });

  it('gives the difference back at a cheaper branch, and says nothing is charged for the same cost', async () => {
    fakeApi({ user: client, mine: mine({ creditsCharged: 2, branchName: 'Polanco' }) });
    renderWizard({ url: `/reserva?cambiar=${MOVING}&${fullQuery}` });
    expect(await screen.findByTestId('move-difference')).toHaveTextContent('1 crédito');
    expect(screen.getByText('Te devolvemos')).toBeVisible();
    expect(screen.getByTestId('balance-after')).toHaveTextContent('11 créditos');
  });

  it('a session within 24 hours cannot be moved: it says so and offers no Confirmar', async () => {
    fakeApi({ user: client, mine: mine({ timing: 'almost', canCancel: false }) });
    renderWizard({ url: `/reserva?cambiar=${MOVING}&${fullQuery}` });
    expect(await screen.findByText(m.tooLateToMove)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
  });

  it('someone else’s session (or none) is not found', async () => {
    fakeApi({ user: client });
    renderWizard({ url: `/reserva?cambiar=${MOVING}` });
    expect(await screen.findByRole('heading', { name: m.sessionNotFound })).toBeVisible();
  });
});

describe('BookingWizard (/reserva): the waitlist of a full hour', () => {
  const joined = {
    id: 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b',
    branchId: VALLE,
    branchName: 'Valle',
    cityName: 'Ciudad de México',
    startsAt: '2030-01-08T17:00:00.000Z',
    date: '2030-01-08',
    hour: '11:00',
    autoBook: true,
    minNoticeHours: 24,
    position: 1,
  };

  async function openOffer(user: ReturnType<typeof userEvent.setup>) {
    await pick(user, /Zona/, /Ciudad de México/);
    await pick(user, /Sucursal/, /Valle/);
    await pick(user, /Día/, 'martes 8 de enero de 2030');
    await user.click(
      await screen.findByRole('button', { name: '¿Tu hora está llena? Avísame si se libera' }),
    );
    return screen.getByTestId('waitlist-offer');
  }

  it('offers the full hours of the day and joins one with automatic booking', async () => {
    const api = fakeApi({ user: client, book: () => jsonResponse(joined, 201) });
    const user = userEvent.setup();
    renderWizard();
    const offer = await openOffer(user);
    // The one full hour of the day is already chosen.
    expect(within(offer).getByRole('radio', { name: 'Esperar las de 11:00 a 12:00' })).toBeChecked();
    await user.click(within(offer).getByRole('checkbox', { name: /Resérvamela automáticamente/ }));
    await user.selectOptions(within(offer).getByLabelText(/Solo si se libera con al menos/), '24');
    await user.click(within(offer).getByRole('button', { name: 'Avísame' }));

    expect(await screen.findByTestId('waitlist-joined')).toHaveTextContent(
      'Estás en la lista de espera de las 11:00 (lugar 1). Si se libera una sala, te la reservamos.',
    );
    expect(api.posts()).toEqual([
      expect.objectContaining({
        path: '/api/waitlist',
        body: { branchId: VALLE, date: '2030-01-08', hour: '11:00', autoBook: true, minNoticeHours: 24 },
      }),
    ]);
    // No site configuration in the test: a site that sends no e-mail promises none (issue 39).
    expect(notify.success).toHaveBeenCalledWith(waitlistJoined(true, false));
  });

  describe('offers only the notices the hour can still meet', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const at = (instant: string) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      vi.setSystemTime(new Date(instant));
      return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    };

    it('an hour 45 minutes away: no automatic booking, only "avísame"', async () => {
      // Tuesday 8 January 2030 at 10:15 in Mexico City; the full hour is 11:00.
      const user = at('2030-01-08T16:15:00Z');
      const api = fakeApi({ user: client, book: () => jsonResponse({ ...joined, autoBook: false }, 201) });
      renderWizard();
      const offer = await openOffer(user);
      const auto = within(offer).getByRole('checkbox', { name: /Resérvamela automáticamente/ });
      expect(auto).toBeDisabled();
      expect(auto).not.toBeChecked();
      expect(auto).toHaveAccessibleDescription(waitlistMessages.tooSoonToBook);
      expect(within(offer).queryByLabelText(/Solo si se libera con al menos/)).toBeNull();
      await user.click(within(offer).getByRole('button', { name: 'Avísame' }));
      await screen.findByTestId('waitlist-joined');
      expect(api.posts()[0]?.body).toEqual({
        branchId: VALLE,
        date: '2030-01-08',
        hour: '11:00',
        autoBook: false,
      });
      expect(notify.success).not.toHaveBeenCalledWith(waitlistMessages.joinedAuto);
      expect(screen.getByTestId('waitlist-joined')).toHaveTextContent('Si se libera una sala, te avisamos.');
    });

    it('an hour 7 hours away: 2 or 6 hours of notice, 6 to start with', async () => {
      // Tuesday 8 January 2030 at 04:00 in Mexico City.
      const user = at('2030-01-08T10:00:00Z');
      const api = fakeApi({ user: client, book: () => jsonResponse({ ...joined, minNoticeHours: 6 }, 201) });
      renderWizard();
      const offer = await openOffer(user);
      await user.click(within(offer).getByRole('checkbox', { name: /Resérvamela automáticamente/ }));
      const notice = within(offer).getByLabelText(/Solo si se libera con al menos/);
      expect(
        within(notice)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Seleccione opcion', '2 horas de anticipación', '6 horas de anticipación']);
      expect(notice).toHaveValue('6');
      await user.click(within(offer).getByRole('button', { name: 'Avísame' }));
      await screen.findByTestId('waitlist-joined');
      expect(api.posts()[0]?.body).toMatchObject({ autoBook: true, minNoticeHours: 6 });
    });
  });

  it('shows the API’s refusal beside the button', async () => {
    fakeApi({
      user: client,
      book: () => jsonResponse({ error: { code: 'aborted', message: waitlistMessages.already } }, 409),
    });
    const user = userEvent.setup();
    renderWizard();
    const offer = await openOffer(user);
    await user.click(within(offer).getByRole('button', { name: 'Avísame' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(waitlistMessages.already);
  });

  it('sends a visitor to the login first, with the way back', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const router = renderWizard();
    const offer = await openOffer(user);
    expect(offer).toHaveTextContent('Te pediremos iniciar sesión para apuntarte.');
    await user.click(within(offer).getByRole('button', { name: 'Avísame' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/registro/iniciar-sesion'));
    expect(api.posts()).toEqual([]);
  });
});

describe('BookingWizard (/admin/reservar)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // "Today" as the fake API says (the contract refuses a booking date more than a year away).
    vi.setSystemTime(new Date('2030-01-07T15:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('offers a branch-only staff account only its own branch and zone (issue 45)', async () => {
    fakeApi({ user: { ...superAdmin, homeBranchId: POLANCO, branchOnly: true } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWizard({ mode: 'staff' });
    await waitFor(() => expect(within(group(/Zona/)).getAllByRole('radio')).toHaveLength(1));
    await pick(user, /Zona/, /Ciudad de México/);
    expect(
      within(group(/Sucursal/))
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Polanco2 créditos por sesión']);
  });

  it('refuses a courtesy name shorter than 6 characters, then books the courtesy session', async () => {
    const api = fakeApi({
      user: superAdmin,
      book: () =>
        jsonResponse(booked({ balance: null, session: { ...booked().session, isCourtesy: true } }), 201),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWizard({ mode: 'staff', url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('radio', { name: 'Cortesía' }));
    await user.type(screen.getByLabelText('Nombre de cortesía'), 'Ana');
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(m.courtesyName)).toBeVisible();
    expect(api.posts()).toHaveLength(0);

    await user.clear(screen.getByLabelText('Nombre de cortesía'));
    await user.type(screen.getByLabelText('Nombre de cortesía'), 'Dra. Ana Ruiz');
    expect(screen.getByTestId('booking-summary')).toHaveTextContent('Dra. Ana Ruiz');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByTestId('booking-success');
    expect(api.posts()).toEqual([
      expect.objectContaining({
        path: '/api/staff/sessions',
        body: {
          branchId: VALLE,
          roomId: SALA_2,
          date: '2030-01-08',
          hour: '10:00',
          for: 'courtesy',
          courtesyName: 'Dra. Ana Ruiz',
          idempotencyKey: expect.stringMatching(UUID),
        },
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith(m.created);
  });

  it('books for a client found by name, showing the balance after', async () => {
    const api = fakeApi({ user: superAdmin });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const router = renderWizard({ mode: 'staff', url: `/reserva?${fullQuery}` });
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(m.chooseClient)).toBeVisible();

    await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'Vale');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    await user.click(await screen.findByRole('option', { name: /Valeria Torres · 3311223344 · 4 créditos/ }));
    expect(screen.getByTestId('balance-after')).toHaveTextContent('3 créditos');
    expect(api.calls.find((call) => call.path === '/api/users/clients')?.query.get('q')).toBe('Vale');

    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await screen.findByTestId('booking-success');
    // The client's lots are the client's: the staff's summary does not say which credits pay (issue 44).
    expect(screen.queryByTestId('booking-spend')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/me/credit-lots')).toBe(false);
    expect(api.posts()[0]?.body).toEqual({
      branchId: VALLE,
      roomId: SALA_2,
      date: '2030-01-08',
      hour: '10:00',
      for: 'client',
      clientId: CLIENT_ID,
      idempotencyKey: expect.stringMatching(UUID),
    });
    // Ready for the next booking: the hour and room start over, and so does the client.
    expect(router.state.location.search).toBe(`?zona=${CDMX}&sucursal=${VALLE}&dia=2030-01-08`);
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('');
  });
});

describe('BookingWizard, live availability (design §10)', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });

  /** The day's stream: its listener is a lazy chunk, which can load after the Confirm button shows (CI, loaded). */
  const openedStream = async () => {
    await waitFor(() => expect(FakeEventSource.instances).not.toHaveLength(0));
    return FakeEventSource.instances.at(-1)!;
  };

  const liveState = (taken: string[], full = false) => ({
    ...hours('2030-01-08'),
    hours: hours('2030-01-08').hours.map((h) =>
      h.hour === '10:00'
        ? { ...h, state: full ? 'full' : 'free', freeRooms: full ? 0 : 2 - taken.length }
        : h,
    ),
    rooms: ['10:00', '12:00'].map((hour) => {
      const { date: _date, ...entry } = rooms('2030-01-08', hour, full ? [SALA_1, SALA_2] : taken);
      return { ...entry, hourState: full && hour === '10:00' ? 'full' : 'free' };
    }),
  });

  it('listens to the chosen day, shows a room taken elsewhere as taken and asks to choose again before any request', async () => {
    const api = fakeApi({ user: client });
    const user = userEvent.setup();
    const router = renderWizard({ url: `/reserva?${fullQuery}` });
    expect(await screen.findByRole('button', { name: 'Confirmar' })).toBeEnabled();
    const stream = await openedStream();
    expect(stream.url).toBe(`/api/availability/stream?branchId=${VALLE}&date=2030-01-08`);

    // Someone else books Sala 2 at 10:00.
    act(() => stream.send('state', liveState([SALA_2])));
    expect(await screen.findByTestId('choice-taken')).toHaveTextContent(takenMessages.room);
    expect(screen.queryByRole('button', { name: 'Confirmar' })).toBeNull();
    expect(
      within(screen.getByTestId('booking-summary')).getByText('Sala 2 (ya no disponible)'),
    ).toBeVisible();
    expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 2/ })).toBeDisabled();
    expect(api.posts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Elegir otra sala' }));
    expect(new URLSearchParams(router.state.location.search).get('sala')).toBeNull();
    await pick(user, /Sala/, /^Sala 1/);
    expect(screen.queryByTestId('choice-taken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeEnabled();
  });

  it('says the hour filled up when its last room goes, and closes the stream when the day changes', async () => {
    fakeApi({ user: client });
    const user = userEvent.setup();
    renderWizard({ url: `/reserva?${fullQuery}` });
    expect(await screen.findByRole('button', { name: 'Confirmar' })).toBeEnabled();
    const stream = await openedStream();
    act(() => stream.send('state', liveState([], true)));
    expect(await screen.findByTestId('choice-taken')).toHaveTextContent(takenMessages.hour);
    await user.click(screen.getByRole('button', { name: 'Elegir otra hora' }));
    await pick(user, /Día/, 'miércoles 9 de enero de 2030');
    expect(stream.closed).toBe(true);
    expect(FakeEventSource.instances.at(-1)!.url).toBe(
      `/api/availability/stream?branchId=${VALLE}&date=2030-01-09`,
    );
  });

  it('drops a room already taken when the page opens, as before (it was never shown free)', async () => {
    fakeApi({ user: client, taken: [SALA_2] });
    renderWizard({ url: `/reserva?${fullQuery}` });
    await screen.findByRole('radiogroup', { name: /Sala/ });
    await waitFor(() =>
      expect(within(group(/Sala/)).getByRole('radio', { name: /^Sala 2/ })).not.toBeChecked(),
    );
    expect(screen.queryByTestId('choice-taken')).toBeNull();
  });
});
