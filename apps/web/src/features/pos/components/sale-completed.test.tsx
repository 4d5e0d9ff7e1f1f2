import type { TOrderTicket } from '@sala/shared/orders/orders.contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SaleCompleted } from './sale-completed';

const order: TOrderTicket = {
  id: 'ad4a8e92-5b6f-4a7e-9c2d-4e5f60718293',
  folio: 123,
  createdAt: '2030-01-07T17:30:00.000Z',
  status: 'completed',
  isPos: true,
  method: 'cash',
  branchName: 'Valle',
  cashierName: 'Jorge Hernández',
  client: {
    id: 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Valeria Torres',
    email: 'cliente@example.com',
    phone: '3311223344',
  },
  items: [{ name: 'Sesión en mostrador', quantity: 1, unitPriceCents: 30_000, creditsGranted: 1 }],
  totalCents: 30_000,
  paidCashCents: 30_000,
  paidCardCents: 0,
  paidTransferCents: 0,
  changeCents: 0,
  creditsGranted: 1,
  cancelledAt: null,
  refunded: false,
  paidAt: '2030-01-07T17:30:00.000Z',
  instructions: null,
  funding: null,
  canSimulatePayment: false,
};

function renderSale(creditsGranted: number, balance: number) {
  render(
    <MemoryRouter>
      <SaleCompleted sale={{ order: { ...order, creditsGranted }, balance }} onDismiss={() => undefined} />
    </MemoryRouter>,
  );
}

describe('SaleCompleted', () => {
  it('says one credit in the singular', () => {
    renderSale(1, 1);
    expect(screen.getByText('Se otorgó 1 crédito; saldo del cliente: 1 crédito.')).toBeVisible();
  });

  it('names the sale by its folio, the one on its ticket (issue 39)', () => {
    renderSale(1, 1);
    expect(screen.getByText('A-00123')).toBeVisible();
    expect(document.body).not.toHaveTextContent(order.id);
  });

  it('says several credits in the plural', () => {
    renderSale(3, 5);
    expect(screen.getByText('Se otorgaron 3 créditos; saldo del cliente: 5 créditos.')).toBeVisible();
  });
});
