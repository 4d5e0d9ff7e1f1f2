import type { TCancelOrderResponse, TOrderRow, TOrderTicket } from '@sala/shared/orders/orders.contract';
import { orderMessages as m } from '@sala/shared/orders/orders.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { CancelOrderDialog, cancellationDetails } from './cancel-order-dialog';
import { OrderTicket } from './order-ticket';

const notify = spyOnToasts();

const ORDER = '0193f5b2-7c1e-7a00-8000-00000000abcd';

const row: TOrderRow = {
  id: ORDER,
  folio: 321,
  createdAt: '2030-01-07T17:30:00.000Z',
  clientName: 'Valeria Torres',
  clientPhone: '3311223344',
  products: ['Sesión en mostrador × 2'],
  moreProducts: 0,
  cashierName: 'Jorge Hernández',
  status: 'completed',
  isPos: true,
  method: 'mixed',
  totalCents: 60_000,
};

const ticket: TOrderTicket = {
  id: ORDER,
  folio: 321,
  createdAt: row.createdAt,
  status: 'cancelled',
  isPos: true,
  method: 'mixed',
  branchName: 'Valle',
  cashierName: 'Jorge Hernández',
  client: { id: ORDER, name: 'Valeria Torres', email: 'cliente@example.com', phone: '3311223344' },
  items: [{ name: 'Sesión en mostrador', quantity: 2, unitPriceCents: 30_000, creditsGranted: 2 }],
  totalCents: 60_000,
  paidCashCents: 20_000,
  paidCardCents: 50_000,
  paidTransferCents: 0,
  changeCents: 10_000,
  creditsGranted: 2,
  cancelledAt: '2030-01-07T18:00:00.000Z',
  refunded: false,
  paidAt: '2030-01-07T17:30:00.000Z',
  instructions: null,
  funding: null,
  canSimulatePayment: false,
};

const cancelled = (over: Partial<TCancelOrderResponse> = {}): TCancelOrderResponse => ({
  order: ticket,
  creditsTakenBack: 1,
  creditsNotTakenBack: 1,
  refunded: false,
  ...over,
});

function renderDialog() {
  const onClose = vi.fn();
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <CancelOrderDialog order={row} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('cancelling an order', () => {
  it('refuses anything but the phrase, without calling the API', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Texto de confirmación'), 'cancelar');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }));
    expect(await screen.findByText(m.phraseMismatch)).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(m.phraseMismatch, { id: 'cancel-order' });
    expect(fetch).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the phrase and says what happened to the credits', async () => {
    const fetch = vi.fn().mockResolvedValue(jsonResponse(cancelled()));
    vi.stubGlobal('fetch', fetch);
    const { onClose } = renderDialog();
    await userEvent.type(screen.getByLabelText('Texto de confirmación'), 'cancelar orden');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar orden' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/orders/${ORDER}/cancel`);
    expect(JSON.parse(init.body)).toEqual({ confirmation: 'cancelar orden' });
    expect(notify.success).toHaveBeenCalledWith(m.cancelled, { id: 'cancel-order' });
    expect(notify.warning).toHaveBeenCalledWith(
      'Se descontó 1 crédito al cliente. No se descontó 1 crédito: el cliente ya lo había usado.',
    );
  });

  it('gives every try the same toast, so a new refusal replaces the last one on screen (issue 39)', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(
        jsonResponse({ error: { code: 'aborted', message: 'La orden ya está cancelada.' } }, 409),
      );
    vi.stubGlobal('fetch', fetch);
    renderDialog();
    const button = screen.getByRole('button', { name: 'Cancelar orden' });
    await userEvent.type(screen.getByLabelText('Texto de confirmación'), 'cancelar');
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.type(screen.getByLabelText('Texto de confirmación'), ' orden');
    await userEvent.click(button);
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(3));
    expect(notify.error.mock.calls).toEqual([
      [m.phraseMismatch, { id: 'cancel-order' }],
      [m.phraseMismatch, { id: 'cancel-order' }],
      ['La orden ya está cancelada.', { id: 'cancel-order' }],
    ]);
  });

  it('words the credits and the refund', () => {
    expect(
      cancellationDetails(cancelled({ creditsTakenBack: 5, creditsNotTakenBack: 0, refunded: true })),
    ).toBe('Se descontaron 5 créditos al cliente. El pago con tarjeta se reembolsó.');
    expect(cancellationDetails(cancelled({ creditsTakenBack: 0, creditsNotTakenBack: 0 }))).toBeNull();
  });
});

describe('the ticket', () => {
  it('shows a cancelled order as such, with its payment by method and the change', () => {
    render(<OrderTicket order={ticket} paper="80mm" />);
    expect(screen.getByRole('status')).toHaveTextContent(/Cancelada/);
    expect(screen.getByTestId('ticket-status')).toHaveTextContent('Cancelada');
    expect(screen.getByTestId('ticket-total')).toHaveTextContent('$600');
    // Decision 023: the IVA the total includes ($600 − $517.24).
    expect(
      screen.getByText('IVA incluido (16 %)', { normalizer: (t) => t.replace(/\s+/g, ' ') }),
    ).toBeVisible();
    expect(screen.getByTestId('ticket-iva')).toHaveTextContent('$82.76');
    expect(screen.getByTestId('ticket-change')).toHaveTextContent('$100');
    expect(screen.getByText('Tarjeta')).toBeInTheDocument();
    expect(screen.queryByText('Transferencia')).not.toBeInTheDocument();
    expect(screen.getByText('2 créditos')).toBeInTheDocument();
    expect(screen.getByText('Sala Común')).toBeInTheDocument();
  });
});
