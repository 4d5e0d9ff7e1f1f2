import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TDayGridResponse, TStaffSession } from '@sala/shared/bookings/bookings.contract';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '../../../components/ui/toast';
import { queryKeys } from '../../../lib/query-keys';
import { FakeEventSource, jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { ALL_BRANCHES } from './branch-select';
import { HistoryScreen } from './history-screen';
import { ReservationsScreen } from './reservations-screen';

// Sunday 13 January 2030, noon in Mexico City: the buttons start on Monday the 14th.
const NOW = new Date('2030-01-13T18:00:00Z');
const MONDAY = '2030-01-14';

const providencia = {
  id: '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60',
  name: 'Providencia',
  cityId: '6f0c4a5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f',
  cityName: 'Guadalajara',
  sessionCost: 1,
};
const valle = {
  id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9',
  name: 'Valle',
  cityId: '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901',
  cityName: 'Ciudad de México',
  sessionCost: 1,
  standingWeeksMax: 8,
};

const session = (overrides: Partial<TStaffSession>): TStaffSession => ({
  id: 'ad4a8e92-5b6f-4a7e-9c2d-4e5f60718293',
  startsAt: '2030-01-14T16:00:00.000Z',
  hour: '10:00',
  cityName: 'Guadalajara',
  branchId: providencia.id,
  branchName: 'Providencia',
  roomName: 'Sala 1',
  holderName: 'Valeria Torres',
  phone: '3311223344',
  email: 'cliente@example.com',
  isCourtesy: false,
  creditsCharged: 1,
  bookedByName: 'Sofía Ramírez',
  cancelledAt: null,
  timing: 'beyond',
  seriesId: null,
  ...overrides,
});

const client = session({});
const courtesy = session({
  id: 'be5b9fa3-6c7a-4b8f-8d3e-5f60718293a4',
  hour: '12:00',
  startsAt: '2030-01-14T18:00:00.000Z',
  roomName: 'Sala 3',
  holderName: 'Sesion de prueba - Dra. Ruiz',
  phone: null,
  email: null,
  isCourtesy: true,
  creditsCharged: 0,
});
const past = session({ id: 'cf6cab04-7d8b-4c9a-9e4f-60718293a4b5', hour: '08:00', timing: 'past' });

const grid: TDayGridResponse = {
  date: MONDAY,
  branchId: valle.id,
  hours: ['10:00'],
  dayBlocked: false,
  rooms: [{ id: '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071', name: 'Sala 1', position: 1 }],
  cells: [
    {
      roomId: '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071',
      hour: '10:00',
      state: 'free',
      sessionId: null,
      inSeries: false,
      label: null,
      isCourtesy: false,
    },
  ],
  waitlist: [],
};

type Call = { path: string; query: URLSearchParams; method: string };

function fakeApi(rows: TStaffSession[], cancel = () => jsonResponse({}, 500)) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const [path = '', query = ''] = url.split('?');
      const method = init?.method ?? 'GET';
      calls.push({ path, query: new URLSearchParams(query), method });
      if (path === '/api/availability/branches') return jsonResponse([providencia, valle]);
      if (path === '/api/staff/sessions')
        return jsonResponse({ rows, total: rows.length, page: 1, pageSize: 10 });
      if (path === '/api/staff/sessions/grid') return jsonResponse(grid);
      if (method === 'POST' && path.endsWith('/cancel')) return cancel();
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
  return {
    calls,
    lists: () => calls.filter((call) => call.path === '/api/staff/sessions'),
    posts: () => calls.filter((call) => call.method === 'POST'),
  };
}

let shownSearch = '';
function ShowSearch() {
  shownSearch = useLocation().search;
  return null;
}

/** A screen at an address, for the signed-in staff member when given (unknown otherwise, as before issue 45). */
function renderAt(ui: ReactNode, url = '/', session?: TSessionUser) {
  const queries = testQueryClient();
  if (session) queries.setQueryData(queryKeys.session, session);
  return render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                {ui}
                <ShowSearch />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: /^Sesiones del/ });

beforeEach(() => {
  freezeClock(NOW);
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ReservationsScreen', () => {
  it('offers the next 7 days with Sunday skipped, starting Monday on a Sunday, and lists the chosen one', async () => {
    const api = fakeApi([client]);
    const user = userEvent.setup();
    renderAt(<ReservationsScreen canEdit={false} />);
    const days = within(screen.getByRole('group', { name: 'Día' })).getAllByRole('button');
    expect(days.map((day) => day.textContent)).toEqual([
      'Lun 14 ene',
      'Mar 15 ene',
      'Mié 16 ene',
      'Jue 17 ene',
      'Vie 18 ene',
      'Sáb 19 ene',
      'Lun 21 ene',
    ]);
    expect(screen.getByRole('button', { name: 'Lun 14 ene' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'Lunes 14 de enero de 2030' })).toBeInTheDocument();
    await waitFor(() => expect(api.lists().at(-1)?.query.get('date')).toBe(MONDAY));
    expect(api.lists().at(-1)!.query.get('includeCancelled')).toBe('false');
    expect(await within(table()).findByText('Valeria Torres')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mié 16 ene' }));
    expect(screen.getByRole('button', { name: 'Mié 16 ene' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Lun 14 ene' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(api.lists().at(-1)?.query.get('date')).toBe('2030-01-16'));
    expect(shownSearch).toBe('?fecha=2030-01-16');
  });

  it('opens the day of ?fecha= and filters by the branch, which the grid then shows', async () => {
    const api = fakeApi([client]);
    const user = userEvent.setup();
    renderAt(<ReservationsScreen canEdit={false} />, '/?fecha=2030-01-18');
    expect(screen.getByRole('button', { name: 'Vie 18 ene' })).toHaveAttribute('aria-pressed', 'true');
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(within(branch).getAllByRole('option')).toHaveLength(3));
    expect(
      within(branch)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Ciudad de México', 'Guadalajara']);
    expect(branch).toHaveValue('');
    // With every branch the grid has its own picker, on the first branch by zone.
    expect(screen.getByRole('combobox', { name: 'Ver sucursal' })).toHaveValue(valle.id);

    await user.selectOptions(branch, 'Providencia');
    await waitFor(() => expect(api.lists().at(-1)?.query.get('branchId')).toBe(providencia.id));
    expect(api.lists().at(-1)!.query.get('date')).toBe('2030-01-18');
    expect(screen.queryByRole('combobox', { name: 'Ver sucursal' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Salas del día · Providencia' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.calls
          .filter((call) => call.path === '/api/staff/sessions/grid')
          .at(-1)
          ?.query.get('branchId'),
      ).toBe(providencia.id),
    );
  });

  it('reads the list and the grid again when the staff stream says the day changed, and says so politely', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = fakeApi([client]);
    renderAt(<ReservationsScreen canEdit={false} />);
    expect(await within(table()).findByText('Valeria Torres')).toBeInTheDocument();
    const stream = FakeEventSource.instances.at(-1)!;
    expect(stream.url).toBe(`/api/availability/staff-stream?date=${MONDAY}`);
    const grids = () => api.calls.filter((call) => call.path === '/api/staff/sessions/grid').length;
    await waitFor(() => expect(grids()).toBeGreaterThan(0));
    const [lists, gridReads] = [api.lists().length, grids()];
    act(() => stream.send('change', { branchId: valle.id, date: MONDAY }));
    await waitFor(() => expect(api.lists().length).toBe(lists + 1));
    await waitFor(() => expect(grids()).toBe(gridReads + 1));
    expect(screen.getByTestId('live-note')).toHaveTextContent('Las reservaciones del día se actualizaron.');
    expect(screen.getByTestId('live-note').getAttribute('aria-live')).toBe('polite');
  });

  it('shows no action column to an admin', async () => {
    fakeApi([client, courtesy]);
    renderAt(<ReservationsScreen canEdit={false} />);
    expect(await within(table()).findByText('Valeria Torres')).toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancelar/ })).not.toBeInTheDocument();
  });

  it("gives a super admin 'Cancelar' on sessions that have not started, and marks courtesy sessions", async () => {
    fakeApi([past, client, courtesy]);
    renderAt(<ReservationsScreen canEdit />);
    expect(await within(table()).findByText('Dra. Ruiz')).toBeInTheDocument();
    expect(within(table()).getByRole('columnheader', { name: 'Acciones' })).toBeInTheDocument();
    const rowOf = (hour: string) => within(table()).getByRole('row', { name: new RegExp(`^${hour}`) });
    expect(within(rowOf('08:00')).queryByRole('button', { name: /^Cancelar/ })).not.toBeInTheDocument();
    expect(within(rowOf('10:00')).getByRole('button', { name: /^Cancelar/ })).toBeInTheDocument();
    expect(within(rowOf('12:00')).getByText('Cortesía')).toBeInTheDocument();
  });

  it('cancels a courtesy session through the dialog and says so', async () => {
    const api = fakeApi([client, courtesy], () =>
      jsonResponse({
        id: courtesy.id,
        cancelledAt: NOW.toISOString(),
        refunded: 0,
        balance: null,
        isCourtesy: true,
      }),
    );
    const user = userEvent.setup();
    renderAt(<ReservationsScreen canEdit />);
    await user.click(
      await screen.findByRole('button', { name: 'Cancelar la sesión de Dra. Ruiz a las 12:00' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancelar sesión' });
    expect(dialog).toHaveTextContent(
      '¿Cancelar la sesión de Dra. Ruiz (cortesía) el lunes 14 de enero de 2030 a las 12:00?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));
    expect(await screen.findByText(bookingMessages.courtesyCancelled)).toBeInTheDocument();
    expect(api.posts().map((call) => call.path)).toEqual([`/api/sessions/${courtesy.id}/cancel`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the API's refusal and keeps the dialog open", async () => {
    fakeApi([client], () =>
      jsonResponse({ error: { code: 'aborted', message: bookingMessages.alreadyStarted } }, 409),
    );
    const user = userEvent.setup();
    renderAt(<ReservationsScreen canEdit />);
    await user.click(
      await screen.findByRole('button', { name: 'Cancelar la sesión de Valeria Torres a las 10:00' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancelar sesión' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));
    expect(await screen.findByText(bookingMessages.alreadyStarted)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancelar sesión' })).toBeInTheDocument();
  });
});

describe('HistoryScreen', () => {
  it("lists today's sessions in Mexico City with the cancelled ones marked, the total and no actions", async () => {
    const cancelled = session({ ...courtesy, cancelledAt: '2030-01-12T20:00:00.000Z' });
    const api = fakeApi([client, cancelled]);
    renderAt(<HistoryScreen />);
    expect(screen.getByLabelText('Fecha')).toHaveValue('2030-01-13');
    await waitFor(() => expect(api.lists().at(-1)?.query.get('date')).toBe('2030-01-13'));
    expect(api.lists().at(-1)!.query.get('includeCancelled')).toBe('true');
    const history = await screen.findByRole('table', { name: /^Historial de sesiones/ });
    expect(await within(history).findByText('Dra. Ruiz')).toBeInTheDocument();
    expect(screen.getByText('2 sesiones')).toBeInTheDocument();
    const row = within(history).getByRole('row', { name: /Dra\. Ruiz/ });
    expect(within(row).getByText('Cancelada')).toBeInTheDocument();
    expect(
      within(within(history).getByRole('row', { name: /Valeria/ })).getByText('Reservada'),
    ).toBeInTheDocument();
    expect(within(history).queryByRole('columnheader', { name: 'Acciones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancelar/ })).not.toBeInTheDocument();
  });

  it('asks for the day picked', async () => {
    const api = fakeApi([client]);
    renderAt(<HistoryScreen />);
    const date = screen.getByLabelText('Fecha');
    fireEvent.change(date, { target: { value: '2030-01-02' } });
    await waitFor(() => expect(api.lists().at(-1)?.query.get('date')).toBe('2030-01-02'));
    expect(shownSearch).toBe('?fecha=2030-01-02');
    expect(screen.getByRole('heading', { name: 'Miércoles 2 de enero de 2030' })).toBeInTheDocument();
    expect(await screen.findByText('1 sesión')).toBeInTheDocument();
  });
});

describe('the reservations of the home branch (issue 45)', () => {
  const staff = (branchOnly: boolean) =>
    sessionClient({ role: 'admin', isAdmin: true, homeBranchId: providencia.id, branchOnly });
  const grids = (api: ReturnType<typeof fakeApi>) =>
    api.calls.filter((call) => call.path === '/api/staff/sessions/grid');
  const optionNames = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('Reservaciones starts on the home branch, and every branch stays chosen in the address', async () => {
    const api = fakeApi([client]);
    const user = userEvent.setup();
    renderAt(<ReservationsScreen canEdit={false} />, '/', staff(false));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(optionNames(branch)).toEqual([ALL_BRANCHES, 'Valle', 'Providencia']));
    expect(branch).toHaveValue(providencia.id);
    // The first request already asks for the home branch: no list of every branch first.
    expect(api.lists().map((call) => call.query.get('branchId'))).toEqual([providencia.id]);
    expect(screen.getByRole('heading', { name: 'Salas del día · Providencia' })).toBeInTheDocument();

    await user.selectOptions(branch, ALL_BRANCHES);
    await waitFor(() => expect(api.lists().at(-1)?.query.get('branchId')).toBeNull());
    expect(shownSearch).toBe('?fecha=2030-01-14&sucursal=todas');
    // Another day keeps every branch.
    await user.click(screen.getByRole('button', { name: 'Mié 16 ene' }));
    expect(shownSearch).toBe('?fecha=2030-01-16&sucursal=todas');
    expect(branch).toHaveValue('');
  });

  it('Reservaciones offers only the home branch with "Solo su sucursal", whatever the address asks', async () => {
    const api = fakeApi([client]);
    renderAt(<ReservationsScreen canEdit={false} />, `/?sucursal=${valle.id}`, staff(true));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(optionNames(branch)).toEqual(['Providencia']));
    expect(
      within(branch)
        .getAllByRole('group')
        .map((group) => group.getAttribute('label')),
    ).toEqual(['Guadalajara']);
    expect(branch).toHaveValue(providencia.id);
    expect(branch).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Ver sucursal' })).not.toBeInTheDocument();
    await waitFor(() => expect(grids(api).length).toBeGreaterThan(0));
    expect(api.lists().every((call) => call.query.get('branchId') === providencia.id)).toBe(true);
    expect(grids(api).every((call) => call.query.get('branchId') === providencia.id)).toBe(true);
  });

  it('Historial starts on the home branch, and lists every branch when asked', async () => {
    const api = fakeApi([client]);
    const user = userEvent.setup();
    renderAt(<HistoryScreen />, '/', staff(false));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(optionNames(branch)).toEqual([ALL_BRANCHES, 'Valle', 'Providencia']));
    expect(branch).toHaveValue(providencia.id);
    expect(api.lists().map((call) => call.query.get('branchId'))).toEqual([providencia.id]);
    expect(api.lists().at(-1)!.query.get('includeCancelled')).toBe('true');

    await user.selectOptions(branch, ALL_BRANCHES);
    await waitFor(() => expect(api.lists().at(-1)?.query.get('branchId')).toBeNull());
    fireEvent.change(screen.getByLabelText('Fecha'), { target: { value: '2030-01-02' } });
    expect(shownSearch).toBe('?fecha=2030-01-02&sucursal=todas');
  });

  it('Historial offers only the home branch with "Solo su sucursal"', async () => {
    const api = fakeApi([client]);
    renderAt(<HistoryScreen />, '/?sucursal=todas', staff(true));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(optionNames(branch)).toEqual(['Providencia']));
    expect(branch).toBeDisabled();
    await waitFor(() => expect(api.lists().length).toBeGreaterThan(0));
    expect(api.lists().every((call) => call.query.get('branchId') === providencia.id)).toBe(true);
  });

  it('Historial lists every branch, as before, for an account without a home branch', async () => {
    const api = fakeApi([client]);
    renderAt(<HistoryScreen />, '/', sessionClient({ role: 'admin', isAdmin: true }));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    expect(branch).toHaveValue('');
    await waitFor(() => expect(api.lists().length).toBeGreaterThan(0));
    expect(api.lists().at(-1)!.query.get('branchId')).toBeNull();
  });
});
