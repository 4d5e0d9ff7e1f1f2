import type { TRole } from '@sala/shared/auth/roles';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type {
  TDashboardMoney,
  TDashboardOccupancy,
  TDashboardToday,
} from '@sala/shared/dashboard/dashboard.contract';
import type { TLegalResponse } from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import AdminDashboardPage from './panel';

const staff = (role: TRole, overrides: Partial<TSessionUser> = {}) =>
  sessionClient({
    name: 'Sofía Ramírez',
    email: 'sofia@example.com',
    role,
    isAdmin: true,
    isSuperAdmin: role === 'superadmin',
    credits: 0,
    ...overrides,
  });

const legal = (over: Partial<TLegalResponse>): TLegalResponse => ({
  facts: EXAMPLE_LEGAL_FACTS,
  contact: { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null },
  onlinePayments: { methods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 },
  isExample: true,
  privacyVersion: '2026-11',
  termsVersion: '2026-11',
  ...over,
});

// The charts are recharts' (an SVG sized by ResizeObserver, which jsdom lacks): their figures are the tables here.
vi.mock('../../../features/dashboard/components/dashboard-charts', () => ({
  TodayChart: () => <div data-testid="chart" />,
  SalesChart: () => <div data-testid="chart" />,
}));

const VALLE = 'd1000000-0000-4000-8000-0000000000b1';
const POLANCO = 'd1000000-0000-4000-8000-0000000000b2';

const today: TDashboardToday = {
  date: '2026-11-25',
  currentHour: '10:00',
  hours: [
    { hour: '09:00', booked: 2, bookable: 6 },
    { hour: '10:00', booked: 5, bookable: 6 },
  ],
  roomsFreeNow: 1,
  blocks: [{ branchName: 'Valle', hour: '12:00', roomName: 'Sala 2' }],
  pendingClients: null,
};

const occupancy: TDashboardOccupancy = {
  next7: [{ branchId: VALLE, branchName: 'Valle', booked: 21, bookable: 84, rate: 25 }],
  last30: [{ branchId: VALLE, branchName: 'Valle', booked: 120, bookable: 360, rate: 33.3 }],
  heatmap: [
    { weekday: 1, hour: '09:00', booked: 3, bookable: 4, rate: 75 },
    { weekday: 0, hour: '09:00', booked: 0, bookable: 4, rate: 0 },
  ],
};

const money: TDashboardMoney = {
  days: [
    { date: '2026-11-24', cashCents: 50_000, cardCents: 20_000, transferCents: 0, onlineCents: 100_000 },
    { date: '2026-11-25', cashCents: 2_000, cardCents: 0, transferCents: 7_500, onlineCents: 0 },
  ],
  credits: { sold: 40, used: 25, expired: 3, outstanding: 61 },
  topProducts: [{ name: 'Café de especialidad', quantity: 4, totalCents: 18_000 }],
};

function renderPanel(
  role: TRole,
  answer: TLegalResponse,
  path = '/admin',
  broken?: string,
  account: Partial<TSessionUser> = {},
) {
  const fetch = vi.fn(async (url: string) => {
    if (url.split('?')[0] === broken) {
      return jsonResponse({ error: { code: 'INTERNAL', message: 'Algo salió mal.' } }, 500);
    }
    if (url === '/api/auth/session') return jsonResponse({ user: staff(role, account) });
    if (url === '/api/legal') return jsonResponse(answer);
    if (url === '/api/branches/options') {
      return jsonResponse([
        { id: VALLE, name: 'Valle' },
        { id: POLANCO, name: 'Polanco' },
      ]);
    }
    const [route] = url.split('?');
    if (route === '/api/dashboard/today') {
      return jsonResponse({
        ...today,
        pendingClients: role === 'superadmin' ? { count: 2, names: ['Ana', 'Luis'] } : null,
      });
    }
    if (route === '/api/dashboard/occupancy') return jsonResponse(occupancy);
    if (route === '/api/dashboard/money') return jsonResponse(money);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AdminDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, queryClient };
}

afterEach(() => vi.unstubAllGlobals());

describe('the /admin panel and the legal facts', () => {
  it('tells a super admin the documents show the examples, with the way to write the facts', async () => {
    renderPanel('superadmin', legal({}));
    expect(await screen.findByText(m.stillExample)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Escribir los datos legales' })).toHaveAttribute(
      'href',
      '/admin/datos-legales',
    );
  });

  it('tells a super admin when no facts are set', async () => {
    renderPanel('superadmin', legal({ facts: null, isExample: false }));
    expect(await screen.findByText(m.notSet)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Escribir los datos legales' })).toBeVisible();
  });

  it('says nothing once the facts are the business’s', async () => {
    const { queryClient } = renderPanel(
      'superadmin',
      legal({
        facts: {
          ...EXAMPLE_LEGAL_FACTS,
          legalName: 'Consultorios Roble, S.C.',
          address: 'Av. Chapultepec 480',
          privacyEmail: 'privacidad@roble.mx',
        },
        isExample: false,
      }),
    );
    await screen.findByRole('heading', { name: 'Hola, Sofía' });
    // The facts arrived (and rendered, inside RTL's waitFor) before looking for the notice.
    await waitFor(() => expect(queryClient.getQueryState(['legal'])?.status).toBe('success'));
    expect(screen.queryByTestId('legal-facts-notice')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escribir los datos legales' })).toBeNull();
  });

  it('shows an admin nothing of it, and does not even ask', async () => {
    const { fetch } = renderPanel('admin', legal({}));
    expect(await screen.findByRole('heading', { name: 'Hola, Sofía' })).toBeVisible();
    expect(screen.queryByText(m.stillExample)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escribir los datos legales' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/legal');
  });
});

describe('the /admin panels', () => {
  it("shows an admin today's sessions by hour with the hour under way, rooms free, blocks and occupancy, and no money", async () => {
    const { fetch } = renderPanel('admin', legal({}));
    await screen.findByTestId('today-booked');
    const todayPanel = screen.getByTestId('panel-hoy');
    expect(
      within(todayPanel).getByRole('heading', { name: 'Hoy, miércoles 25 de noviembre de 2026' }),
    ).toBeVisible();
    expect(within(todayPanel).getByTestId('today-booked')).toHaveTextContent('7 de 12');
    expect(within(todayPanel).getByTestId('today-free')).toHaveTextContent('1');
    expect(within(todayPanel).getByText('Salas libres ahora (10:00)')).toBeVisible();
    const now = within(todayPanel).getByRole('row', { name: /10:00 · ahora/ });
    expect(now).toHaveAttribute('aria-current', 'time');
    expect(
      within(now)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['5', '6']);
    expect(within(todayPanel).getByText('Valle · Sala 2 · 12:00')).toBeVisible();
    expect(within(todayPanel).queryByTestId('today-pending')).toBeNull();

    const row = await screen.findByTestId('occupancy-row');
    const occupancyPanel = screen.getByTestId('panel-ocupacion');
    expect(row).toHaveTextContent('Valle25 % (21 de 84 h)33.3 % (120 de 360 h)');
    const heatmap = within(occupancyPanel).getByTestId('heatmap');
    // Monday first, Sunday last; each cell its percentage, written out in its title.
    expect(
      within(heatmap)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Lun', 'Dom']);
    expect(within(heatmap).getByTitle('lunes 09:00: 75 % (3 de 4)')).toHaveTextContent('75');

    expect(screen.queryByTestId('panel-dinero')).toBeNull();
    const asked = fetch.mock.calls.map(([url]) => url);
    expect(asked).not.toContain('/api/dashboard/money');
    expect(asked).toContain('/api/dashboard/today');
  });

  it('shows the super admin the clients waiting, sales by day and method with totals, credits and top products', async () => {
    renderPanel('superadmin', legal({}));
    expect(await screen.findByTestId('today-pending')).toHaveTextContent('2');
    expect(screen.getByText('Esperan activación: Ana, Luis.')).toBeVisible();
    await screen.findByTestId('money-total');
    const moneyPanel = screen.getByTestId('panel-dinero');
    expect(within(moneyPanel).getByTestId('money-total')).toHaveTextContent('$1,795');
    expect(within(moneyPanel).getByText('Tienda en línea (tarjeta)').nextSibling).toHaveTextContent('$1,000');
    const day = within(moneyPanel).getByRole('row', { name: /mar 24 nov/ });
    expect(
      within(day)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$500', '$200', '$0', '$1,000']);
    expect(screen.getByTestId('credits-sold')).toHaveTextContent('40');
    expect(screen.getByTestId('credits-used')).toHaveTextContent('25');
    // Issue 44: what expired unused.
    expect(screen.getByTestId('credits-expired')).toHaveTextContent('3');
    expect(screen.getByTestId('credits-outstanding')).toHaveTextContent('61');
    expect(
      within(screen.getByTestId('panel-productos')).getByRole('row', { name: /Café de especialidad/ }),
    ).toHaveTextContent('Café de especialidad4$180');
  });

  it('asks for one branch when one is chosen, and keeps it in the address', async () => {
    const { fetch } = renderPanel('admin', legal({}), `/admin?sucursal=${VALLE}`);
    await screen.findByTestId('today-booked');
    expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/dashboard/today?branchId=${VALLE}`);
    await userEvent.selectOptions(await screen.findByLabelText('Sucursal'), 'Polanco');
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(`/api/dashboard/occupancy?branchId=${POLANCO}`),
    );
  });

  it('says so when the figures cannot be loaded', async () => {
    renderPanel('admin', legal({}), '/admin', '/api/dashboard/today');
    expect(await within(await screen.findByTestId('panel-hoy')).findByRole('alert')).toHaveTextContent(
      'No se pudieron cargar las cifras.',
    );
    expect(await screen.findByTestId('occupancy-row')).toBeVisible();
  });
});

describe('the /admin panels of a home branch (issue 45)', () => {
  const asked = (fetch: ReturnType<typeof renderPanel>['fetch'], path: string) =>
    fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith(path));

  it('start on the home branch, and show every branch when asked', async () => {
    const { fetch } = renderPanel('admin', legal({}), '/admin', undefined, { homeBranchId: POLANCO });
    const branch = await screen.findByLabelText('Sucursal');
    await waitFor(() => expect(branch).toHaveValue(POLANCO));
    await waitFor(() =>
      expect(asked(fetch, '/api/dashboard/today')).toEqual([`/api/dashboard/today?branchId=${POLANCO}`]),
    );
    await userEvent.selectOptions(branch, 'Todas las sucursales');
    await waitFor(() => expect(asked(fetch, '/api/dashboard/today')).toContain('/api/dashboard/today'));
  });

  it('show only the home branch to an account with "Solo su sucursal"', async () => {
    const { fetch } = renderPanel('admin', legal({}), `/admin?sucursal=${VALLE}`, undefined, {
      homeBranchId: POLANCO,
      branchOnly: true,
    });
    const branch = await screen.findByLabelText('Sucursal');
    await waitFor(() =>
      expect(within(branch).queryByRole('option', { name: 'Polanco' })).toBeInTheDocument(),
    );
    expect(within(branch).queryByRole('option', { name: 'Valle' })).toBeNull();
    expect(within(branch).queryByRole('option', { name: 'Todas las sucursales' })).toBeNull();
    expect(branch).toHaveValue(POLANCO);
    expect(branch).toBeDisabled();
    await screen.findByTestId('today-booked');
    expect(asked(fetch, '/api/dashboard/').every((url) => url.endsWith(`branchId=${POLANCO}`))).toBe(true);
  });
});
