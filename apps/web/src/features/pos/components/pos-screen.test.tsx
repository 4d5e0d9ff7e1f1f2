import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TOrderTicket } from '@sala/shared/orders/orders.contract';
import type { TCreatePosOrderRequest, TPosProduct } from '@sala/shared/pos/pos.contract';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { PosScreen } from './pos-screen';

const notify = spyOnToasts();

const COFFEE = '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9';
const WATER = '2c3d4e5f-6071-4829-93a4-b5c6d7e8f901';
const VALLE = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';
const POLANCO = '8b2e6c70-3f4d-4e5c-9a0b-2c3d4e5f6071';
const branchOption = (id: string, name: string) => ({
  id,
  name,
  cityId: VALLE,
  sessionCost: 1,
  standingWeeksMax: 8,
  schedule: [],
});
const CLIENT = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const ORDER = '0193f5b2-7c1e-7a00-8000-00000000abcd';

const products: TPosProduct[] = [
  { id: WATER, name: 'Agua embotellada', priceCents: 2_000, credits: 0, extra: 0 },
  { id: COFFEE, name: 'Café de especialidad', priceCents: 4_500, credits: 0, extra: 0 },
];

const ticket: TOrderTicket = {
  id: ORDER,
  folio: 123,
  createdAt: '2030-01-07T17:30:00.000Z',
  status: 'completed',
  isPos: true,
  method: 'cash',
  branchName: 'Valle',
  cashierName: 'Jorge Hernández',
  client: { id: CLIENT, name: 'Valeria Torres', email: 'cliente@example.com', phone: '3311223344' },
  items: [{ name: 'Café de especialidad', quantity: 5, unitPriceCents: 4_500, creditsGranted: 0 }],
  totalCents: 22_500,
  paidCashCents: 30_000,
  paidCardCents: 0,
  paidTransferCents: 0,
  changeCents: 7_500,
  creditsGranted: 0,
  cancelledAt: null,
  refunded: false,
  paidAt: '2030-01-07T17:30:00.000Z',
  instructions: null,
  funding: null,
  canSimulatePayment: false,
};

/** Today's drawer of Valle, open since 9:00 with a $500 float (issue 22). */
const openDrawer = {
  id: 'd1000000-0000-4000-8000-000000000001',
  branchId: VALLE,
  branchName: 'Valle',
  date: '2030-01-07',
  status: 'open',
  openingFloatCents: 50_000,
  openedAt: '2030-01-07T15:00:00.000Z',
  openedByName: 'Jorge Hernández',
  closedAt: null,
  closedByName: null,
  sales: { orders: 0, cashReceivedCents: 0, changeCents: 0, cardCents: 0, transferCents: 0 },
  cashExpensesCents: 0,
  expectedCents: 50_000,
  countedCents: null,
  differenceCents: null,
  countDetail: null,
  note: null,
  reopenings: 0,
};

/** The API as the screen reads it; the sale's POST answers with `sale` (a function, to fail or succeed). */
function mockApi(
  sale: () => Promise<Response> = async () => jsonResponse({ order: ticket, balance: 10 }, 201),
  drawer: object | null = openDrawer,
  branches = [branchOption(VALLE, 'Valle')],
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/pos/products') return jsonResponse(products);
    if (url.startsWith('/api/cash-drawers?')) return jsonResponse({ drawer });
    if (url === '/api/branches/options') return jsonResponse(branches);
    if (url.startsWith('/api/users/clients'))
      return jsonResponse([
        {
          id: CLIENT,
          name: 'Valeria Torres',
          email: 'cliente@example.com',
          phone: '3311223344',
          credits: 10,
        },
      ]);
    if (url === '/api/pos/orders' && init?.method === 'POST') return sale();
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const saleBodies = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls
    .filter(([url]) => url === '/api/pos/orders')
    .map(([, init]) => JSON.parse(String(init!.body)) as TCreatePosOrderRequest);

/** The point of sale, for the signed-in staff member when given (unknown otherwise, as before issue 45). */
function renderScreen(session?: TSessionUser) {
  const client = testQueryClient();
  if (session) client.setQueryData(queryKeys.session, session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PosScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();

async function chooseClientAndBranch() {
  await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'Vale');
  await user.click(await screen.findByRole('option', { name: /Valeria Torres/ }));
  await user.selectOptions(screen.getByRole('combobox', { name: 'Sucursal' }), 'Valle');
}

async function add(product: 'Café' | 'Agua', quantity: number) {
  await user.selectOptions(
    await screen.findByRole('combobox', { name: 'Producto' }),
    product === 'Café' ? COFFEE : WATER,
  );
  const field = screen.getByRole('spinbutton', { name: 'Cantidad' });
  await user.clear(field);
  await user.type(field, String(quantity));
  await user.click(screen.getByRole('button', { name: 'Agregar' }));
}

const payWith = async (field: 'Efectivo' | 'Tarjeta' | 'Transferencia', pesos: string) => {
  const input = screen.getByRole('textbox', { name: `${field} (pesos)` });
  await user.clear(input);
  if (pesos) await user.type(input, pesos);
};

const validate = () => user.click(screen.getByRole('button', { name: 'Validar pago' }));
const paymentAlert = () => within(screen.getByRole('region', { name: 'Pago' })).queryByRole('alert');

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('the point of sale', () => {
  it('asks for client, branch and product before adding, and adds a product twice as one line', async () => {
    mockApi();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(m.requiredFields);

    await chooseClientAndBranch();
    await add('Café', 2);
    await add('Café', 3);
    await add('Agua', 1);
    const table = screen.getByRole('table', { name: 'Productos de la venta' });
    expect(within(table).getAllByRole('row')).toHaveLength(4); // header, two lines, total
    expect(within(table).getByRole('spinbutton', { name: 'Cantidad de Café de especialidad' })).toHaveValue(
      5,
    );
    expect(screen.getByTestId('sale-total')).toHaveTextContent('$245');

    // The quantity is edited in the table; removing a line takes it out of the total.
    const coffee = within(table).getByRole('spinbutton', { name: 'Cantidad de Café de especialidad' });
    await user.clear(coffee);
    await user.type(coffee, '1');
    expect(screen.getByTestId('sale-total')).toHaveTextContent('$65');
    await user.click(screen.getByRole('button', { name: 'Quitar Agua embotellada' }));
    expect(screen.getByTestId('sale-total')).toHaveTextContent('$45');
  });

  it('shows each payment rule’s message, then the change, and resets the payment when the total changes', async () => {
    mockApi();
    renderScreen();
    await validate();
    expect(paymentAlert()).toHaveTextContent(m.noTotal);

    await chooseClientAndBranch();
    await add('Café', 2); // $90
    await validate();
    expect(paymentAlert()).toHaveTextContent(m.noPaymentMethod);
    await payWith('Tarjeta', '50');
    await payWith('Transferencia', '40');
    await validate();
    expect(paymentAlert()).toHaveTextContent(m.cardAndTransfer);
    await payWith('Transferencia', '');
    await payWith('Tarjeta', '100');
    await validate();
    expect(paymentAlert()).toHaveTextContent(m.cardOrTransferOverTotal);
    await payWith('Tarjeta', '50');
    await payWith('Efectivo', '20');
    await validate();
    expect(paymentAlert()).toHaveTextContent(m.sumBelowTotal);
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();

    await payWith('Efectivo', '100');
    await validate();
    expect(paymentAlert()).toBeNull();
    expect(screen.getByTestId('sale-change')).toHaveTextContent('$60');
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeInTheDocument();

    // A card alone: no change shown.
    await payWith('Efectivo', '');
    await payWith('Tarjeta', '90');
    await validate();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeInTheDocument();
    expect(screen.queryByTestId('sale-change')).not.toBeInTheDocument();

    // Adding a product changes the total: the amounts are typed again and 'Pagar' hides.
    await add('Agua', 1);
    expect(screen.getByRole('textbox', { name: 'Tarjeta (pesos)' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('sends the sale once per attempt: a retry after a failure reuses its idempotency key', async () => {
    let attempts = 0;
    const fetch = mockApi(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch');
      return jsonResponse({ order: ticket, balance: 10 }, 201);
    });
    renderScreen();
    await chooseClientAndBranch();
    await add('Café', 5);
    await payWith('Efectivo', '300');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar venta' });
    expect(within(dialog).getByText('$75')).toBeInTheDocument(); // the change
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(screen.getByRole('dialog', { name: 'Confirmar venta' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.completed));
    const [first, second] = saleBodies(fetch);
    expect(first!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second).toEqual({
      idempotencyKey: first!.idempotencyKey,
      clientId: CLIENT,
      branchId: VALLE,
      items: [{ productId: COFFEE, quantity: 5 }],
      cashCents: 30_000,
      cardCents: 0,
      transferCents: 0,
    });

    // The sale is done: the cart is cleared, the ticket is one click away, and the next sale has a new key.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Productos de la venta' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue('');
    expect(screen.getByTestId('completed-change')).toHaveTextContent('$75');
    expect(screen.getByRole('link', { name: /Ver e imprimir ticket/ })).toHaveAttribute(
      'href',
      `/admin/ordenes/${ORDER}/ticket`,
    );
    await chooseClientAndBranch();
    await add('Café', 5);
    await payWith('Efectivo', '300');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar venta' }),
    );
    await waitFor(() => expect(saleBodies(fetch)).toHaveLength(3));
    expect(saleBodies(fetch)[2]!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('sells to the public without a client, only products that grant no credits (issue 22)', async () => {
    const fetch = mockApi(async () =>
      jsonResponse(
        {
          order: { ...ticket, client: { id: null, name: 'Público en general', email: '', phone: '' } },
          balance: 0,
        },
        201,
      ),
    );
    renderScreen();
    await user.click(screen.getByRole('checkbox', { name: 'Vender al público en general (sin cliente)' }));
    expect(screen.queryByRole('combobox', { name: 'Cliente' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sucursal' }), 'Valle');
    await add('Agua', 1);
    await payWith('Efectivo', '20');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar venta' });
    expect(dialog).toHaveTextContent('Venta a Público en general en Valle.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    await waitFor(() => expect(saleBodies(fetch)).toHaveLength(1));
    expect(saleBodies(fetch)[0]).toMatchObject({
      clientId: null,
      items: [{ productId: WATER, quantity: 1 }],
    });
    // No balance to speak of; the ticket may go to an address given at the counter.
    expect(await screen.findByRole('textbox', { name: '¿Le enviamos el ticket? (opcional)' })).toBeVisible();
    expect(screen.queryByText(/Saldo del cliente/)).not.toBeInTheDocument();
  });

  it('asks the first sale of the day for the drawer’s float, and sends it with the sale (issue 22)', async () => {
    const fetch = mockApi(undefined, null);
    renderScreen();
    await chooseClientAndBranch();
    expect(await screen.findByRole('textbox', { name: 'Fondo inicial (pesos)' })).toBeVisible();
    await add('Café', 1);
    await payWith('Efectivo', '45');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar venta' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    expect(
      await within(dialog).findByText('El fondo inicial debe ser una cantidad en pesos de 0 en adelante.'),
    ).toBeVisible();
    await user.type(within(dialog).getByRole('textbox', { name: 'Fondo inicial de la caja (pesos)' }), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    await waitFor(() => expect(saleBodies(fetch)).toHaveLength(1));
    expect(saleBodies(fetch)[0]).toMatchObject({ openingFloatCents: 50_000 });
  });

  it('shows the API’s refusal and keeps the sale', async () => {
    mockApi(async () =>
      jsonResponse({ error: { code: 'invalid-argument', message: m.productNotForSale } }, 400),
    );
    renderScreen();
    await chooseClientAndBranch();
    await add('Agua', 1);
    await payWith('Transferencia', '20');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirmar venta' }),
    );
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.productNotForSale));
    expect(screen.getByTestId('sale-total')).toHaveTextContent('$20');
  });
});

describe('the point of sale at the cashier’s branch (issue 45)', () => {
  const cashier = (branchOnly: boolean) =>
    sessionClient({ role: 'admin', isAdmin: true, homeBranchId: POLANCO, branchOnly });
  const drawerAsked = (fetch: ReturnType<typeof mockApi>) =>
    fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/cash-drawers?'));

  it('starts on the home branch with its drawer, and clearing goes back to it', async () => {
    const fetch = mockApi(undefined, { ...openDrawer, branchId: POLANCO, branchName: 'Polanco' }, [
      branchOption(VALLE, 'Valle'),
      branchOption(POLANCO, 'Polanco'),
    ]);
    renderScreen(cashier(false));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(branch).toHaveValue(POLANCO));
    expect(
      within(branch)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Seleccione opcion', 'Valle', 'Polanco']);
    expect(branch).toBeEnabled();
    expect(await screen.findByRole('heading', { name: 'Caja de Polanco' })).toBeVisible();
    expect(drawerAsked(fetch)).toEqual([`/api/cash-drawers?branchId=${POLANCO}`]);

    await user.selectOptions(branch, 'Valle');
    expect(branch).toHaveValue(VALLE);
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(branch).toHaveValue(POLANCO);
  });

  it('offers only the home branch to an account with "Solo su sucursal", and sells there', async () => {
    const fetch = mockApi(undefined, { ...openDrawer, branchId: POLANCO, branchName: 'Polanco' }, [
      branchOption(VALLE, 'Valle'),
      branchOption(POLANCO, 'Polanco'),
    ]);
    renderScreen(cashier(true));
    const branch = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() =>
      expect(within(branch).queryByRole('option', { name: 'Polanco' })).toBeInTheDocument(),
    );
    expect(within(branch).queryByRole('option', { name: 'Valle' })).not.toBeInTheDocument();
    expect(branch).toHaveValue(POLANCO);
    expect(branch).toBeDisabled();

    await user.type(screen.getByRole('combobox', { name: 'Cliente' }), 'Vale');
    await user.click(await screen.findByRole('option', { name: /Valeria Torres/ }));
    await add('Café', 1);
    await payWith('Efectivo', '45');
    await validate();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar venta' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar venta' }));
    await waitFor(() => expect(saleBodies(fetch)).toHaveLength(1));
    expect(saleBodies(fetch)[0]!.branchId).toBe(POLANCO);
    expect(drawerAsked(fetch).every((url) => url.endsWith(POLANCO))).toBe(true);
  });
});
