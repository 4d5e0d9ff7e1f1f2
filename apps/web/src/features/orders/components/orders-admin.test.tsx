import type { TOrderRow, TOrderTicket } from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { TestRouter } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { OrdersAdmin } from './orders-admin';
import { TicketScreen } from './ticket-screen';

const notify = spyOnToasts();

const PENDING = 'd0000000-0000-4000-8000-0000000000a1';
const COMPLETED = 'd0000000-0000-4000-8000-0000000000a2';
const EXPIRED = 'd0000000-0000-4000-8000-0000000000a3';

const row = (id: string, over: Partial<TOrderRow>): TOrderRow => ({
  id,
  folio: 1,
  createdAt: '2030-01-07T17:00:00.000Z',
  clientName: 'Valeria Torres',
  clientPhone: '3311223344',
  products: ['Paquete Básico'],
  moreProducts: 0,
  cashierName: m.onlineCashier,
  status: 'completed',
  isPos: false,
  method: 'card',
  totalCents: 125_000,
  ...over,
});

const rows = [
  row(PENDING, { folio: 123, status: 'pending', method: 'oxxo', clientName: 'Ana Pérez' }),
  row(COMPLETED, { folio: 122, status: 'completed', method: 'card', clientName: 'Luis Gómez' }),
  row(EXPIRED, { folio: 123_456, status: 'expired', method: 'spei', clientName: 'Sofía Ruiz' }),
];

const ticket = (over: Partial<TOrderTicket> = {}): TOrderTicket => ({
  id: PENDING,
  folio: 123,
  createdAt: '2030-01-07T17:00:00.000Z',
  status: 'pending',
  isPos: false,
  method: 'oxxo',
  branchName: null,
  cashierName: m.onlineCashier,
  client: { id: PENDING, name: 'Ana Pérez', email: 'ana@example.com', phone: '3311223344' },
  // The lines' credits: granted once the payment is confirmed.
  items: [{ name: 'Paquete Básico', quantity: 1, unitPriceCents: 125_000, creditsGranted: 5 }],
  totalCents: 125_000,
  paidCashCents: 0,
  paidCardCents: 0,
  paidTransferCents: 0,
  changeCents: 0,
  creditsGranted: 5,
  cancelledAt: null,
  refunded: false,
  paidAt: null,
  instructions: {
    kind: 'oxxo',
    number: '93000012345678901234',
    hostedUrl: null,
    expiresAt: '2030-01-10T05:59:00.000Z',
  },
  funding: null,
  canSimulatePayment: true,
  ...over,
});

type Call = { method: string; url: string };

function stubApi(answer: (url: string, method: string) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      return (
        answer(url, method) ?? jsonResponse({ error: { code: 'not-found', message: 'No encontrado' } }, 404)
      );
    }),
  );
  return calls;
}

function renderWith(ui: React.ReactNode) {
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <TestRouter>{ui}</TestRouter>
    </QueryClientProvider>,
  );
  return { queryClient, user: userEvent.setup() };
}

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('OrdersAdmin (issue 24)', () => {
  it("filters by status through the API, shows each order's method and offers to cancel pending payments", async () => {
    const calls = stubApi((url) =>
      url.startsWith('/api/orders?') ? jsonResponse({ rows, total: 3, page: 1, pageSize: 10 }) : undefined,
    );
    const { user } = renderWith(<OrdersAdmin />);

    const pending = (await screen.findByText('Ana Pérez')).closest('tr')!;
    expect(within(pending).getByText('OXXO')).toBeVisible();
    expect(within(pending).getByText('Pendiente de pago')).toHaveAttribute('data-state', 'pending');
    const expired = screen.getByText('Sofía Ruiz').closest('tr')!;
    expect(within(expired).getByText('SPEI')).toBeVisible();
    expect(within(expired).getByText('Vencida')).toHaveAttribute('data-state', 'expired');
    expect(screen.getByRole('columnheader', { name: 'Cajero y método' })).toBeInTheDocument();

    // Completed and pending orders can be cancelled; an expired one cannot.
    expect(screen.getByRole('button', { name: 'Cancelar orden de Ana Pérez' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancelar orden de Luis Gómez' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancelar orden de Sofía Ruiz' })).not.toBeInTheDocument();

    const filter = screen.getByRole('combobox', { name: 'Estado' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Todas', 'Pendientes de pago', 'Vencidas', 'Completadas', 'Canceladas']);
    expect(calls[0]!.url).not.toMatch(/status=/);
    await user.selectOptions(filter, 'pending');
    await waitFor(() => expect(calls.at(-1)!.url).toMatch(/[?&]status=pending(&|$)/));
    await user.selectOptions(filter, '');
    await waitFor(() => expect(calls.at(-1)!.url).not.toMatch(/status=/));

    await user.click(screen.getByRole('button', { name: 'Cancelar orden de Ana Pérez' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar orden' });
    // Which order, as its ticket names it (issue 39).
    expect(dialog).toHaveTextContent('Orden A-00123 de Ana Pérez por $1,250.');
    expect(dialog).toHaveTextContent(
      'La orden está pendiente de pago: se cancela la ficha o la transferencia y no hay créditos que descontar.',
    );
    expect(dialog).not.toHaveTextContent('descuentan al cliente');
  });
});

describe('the order folio (issue 39)', () => {
  it('Ordenes shows each order by its folio, never by its id', async () => {
    stubApi((url) =>
      url.startsWith('/api/orders?') ? jsonResponse({ rows, total: 3, page: 1, pageSize: 10 }) : undefined,
    );
    renderWith(<OrdersAdmin />);
    const pending = (await screen.findByText('Ana Pérez')).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Folio' })).toBeInTheDocument();
    expect(within(pending).getByText('A-00123')).toBeVisible();
    // A sixth digit widens the folio; nothing is cut.
    expect(within(screen.getByText('Sofía Ruiz').closest('tr')!).getByText('A-123456')).toBeVisible();
    expect(screen.getByRole('table')).not.toHaveTextContent(PENDING);
  });

  it('the ticket names the order by its folio, never by its id', async () => {
    stubApi((url) => (url === `/api/orders/${PENDING}` ? jsonResponse(ticket()) : undefined));
    renderWith(<TicketScreen orderId={PENDING} backTo={{ to: '/admin', label: 'Volver' }} canManage />);
    expect(await screen.findByText('Folio A-00123')).toBeVisible();
    expect(document.body).not.toHaveTextContent(PENDING);
  });
});

describe('TicketScreen of an OXXO or SPEI order (issue 24)', () => {
  it("shows the voucher while pending; 'Simular pago' confirms it and refreshes the ticket and the lists", async () => {
    let current = ticket();
    const calls = stubApi((url, method) => {
      if (url === `/api/orders/${PENDING}` && method === 'GET') return jsonResponse(current);
      if (url === `/api/orders/${PENDING}/simulate-payment` && method === 'POST') {
        current = ticket({
          status: 'completed',
          paidAt: '2030-01-08T16:30:00.000Z',
          instructions: current.instructions,
          canSimulatePayment: false,
          creditsGranted: 5,
        });
        return jsonResponse(current);
      }
      return undefined;
    });
    const { user, queryClient } = renderWith(
      <TicketScreen orderId={PENDING} backTo={{ to: '/admin/ordenes', label: 'Ordenes' }} canManage />,
    );
    queryClient.setQueryData([...queryKeys.orders.all, 'page', {}, { page: 1 }], { rows, total: 3 });
    queryClient.setQueryData(queryKeys.cashSummary.day('2030-01-08'), {});

    const panel = await screen.findByRole('region', { name: 'Pago en efectivo en OXXO' });
    expect(within(panel).getByTestId('voucher-number')).toHaveTextContent(/^93000012345678901234$/);
    expect(within(panel).getByTestId('instructions-expiry')).toHaveTextContent(/^Vence el 9 ene 2030/);
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Pendiente de pago');
    expect(screen.queryByTestId('ticket-paid-at')).not.toBeInTheDocument();
    expect(screen.getByText('Créditos al confirmar el pago')).toBeVisible();
    expect(screen.getByTestId('ticket-credits')).toHaveTextContent('5 créditos');

    await user.click(within(panel).getByRole('button', { name: 'Simular pago' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.paymentSimulated));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `/api/orders/${PENDING}/simulate-payment`,
    ]);
    expect(await screen.findByTestId('ticket-paid-at')).toHaveTextContent(/^Pago confirmado el 8 ene 2030/);
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Completada');
    expect(screen.getByText('Créditos otorgados')).toBeVisible();
    expect(screen.getByTestId('ticket-credits')).toHaveTextContent('5 créditos');
    // Completed: no voucher and nothing left to simulate.
    expect(screen.queryByRole('region', { name: 'Pago en efectivo en OXXO' })).not.toBeInTheDocument();
    expect(queryClient.getQueryState([...queryKeys.orders.all, 'page', {}, { page: 1 }])?.isInvalidated).toBe(
      true,
    );
    expect(queryClient.getQueryState(queryKeys.cashSummary.day('2030-01-08'))?.isInvalidated).toBe(true);
  });

  it('an expired order granted nothing', async () => {
    stubApi((url) =>
      url === `/api/orders/${PENDING}`
        ? jsonResponse(ticket({ status: 'expired', canSimulatePayment: false }))
        : undefined,
    );
    renderWith(<TicketScreen orderId={PENDING} backTo={{ to: '/admin', label: 'Volver' }} canManage />);
    expect(await screen.findByTestId('ticket-credits')).toHaveTextContent('0 créditos');
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Vencida');
  });

  it.each([
    ['the gateway is real', ticket({ canSimulatePayment: false }), true],
    ['the viewer is not the super admin', ticket(), false],
  ])("no 'Simular pago' when %s", async (_, order, canManage) => {
    stubApi((url) => (url === `/api/orders/${PENDING}` ? jsonResponse(order) : undefined));
    renderWith(
      <TicketScreen orderId={PENDING} backTo={{ to: '/admin', label: 'Volver' }} canManage={canManage} />,
    );
    expect(await screen.findByTestId('voucher-number')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Simular pago' })).not.toBeInTheDocument();
  });

  it("a SPEI transfer: what arrived, what is missing and the client's balance at Stripe", async () => {
    const spei = ticket({
      method: 'spei',
      instructions: {
        kind: 'spei',
        clabe: '646180111812345678',
        bankName: 'STP',
        reference: 'SALA1250',
        hostedUrl: null,
        expiresAt: '2030-01-10T05:59:00.000Z',
      },
      funding: { receivedCents: 100_000, remainingCents: 25_000, customerBalanceCents: 5_000 },
      canSimulatePayment: false,
    });
    stubApi((url) => (url === `/api/orders/${PENDING}` ? jsonResponse(spei) : undefined));
    renderWith(<TicketScreen orderId={PENDING} backTo={{ to: '/admin', label: 'Volver' }} canManage />);
    const panel = await screen.findByRole('region', { name: 'Transferencia SPEI' });
    expect(within(panel).getByTestId('spei-clabe')).toHaveTextContent(/^646180111812345678$/);
    expect(within(panel).getByTestId('instructions-expiry')).toHaveTextContent(/^El pedido vence el/);
    expect(within(panel).getByTestId('order-funding')).toHaveTextContent('Recibido $1,000 · Falta $250');
    expect(within(panel).getByTestId('order-customer-balance')).toHaveTextContent(
      'Saldo a favor del cliente en Stripe: $50 (Stripe lo conserva; se aplica o se devuelve desde Stripe)',
    );
  });
});
