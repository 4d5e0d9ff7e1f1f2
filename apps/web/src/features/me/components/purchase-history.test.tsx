import {
  orderStateOf as orderState,
  orderStatusLabels as orderStateLabels,
} from '@sala/shared/orders/orders.messages';
import type { TMyOrder } from '@sala/shared/users/profile.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { PurchaseHistory } from './purchase-history';

const order = (id: string, over: Partial<TMyOrder>): TMyOrder => ({
  id,
  folio: 1,
  createdAt: '2030-01-07T17:00:00.000Z',
  totalCents: 480_000,
  status: 'completed',
  isPos: false,
  method: 'card',
  products: ['Paquete Básico × 2', 'Paquete Profesional'],
  creditsGranted: 21,
  instructions: null,
  ...over,
});

const page = (rows: TMyOrder[]) => ({ rows, total: rows.length, page: 1, pageSize: 5 });

function renderHistory() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PurchaseHistory />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PurchaseHistory (Mis pedidos)', () => {
  it.each([
    ['completed', 'Completada'],
    ['cancelled', 'Cancelada'],
    ['pending', 'Pendiente de pago'],
    ['expired', 'Vencida'],
    ['refunded', 'Pendiente de pago'],
  ])('status %s reads %s', (status, label) => {
    expect(orderStateLabels[orderState(status)]).toBe(label);
  });

  it('shows an online order: date, products, credits, total and status; pages of 5, 10 or 30', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return jsonResponse({
          rows: [
            order('d0000000-0000-4000-8000-000000000001', { folio: 123 }),
            order('d0000000-0000-4000-8000-000000000002', {
              status: 'cancelled',
              products: ['Sesión individual'],
              totalCents: 28_000,
              creditsGranted: 1,
            }),
          ],
          total: 2,
          page: 1,
          pageSize: 5,
        });
      }),
    );
    renderHistory();
    const row = (await screen.findByText('Paquete Básico × 2, Paquete Profesional')).closest('tr')!;
    expect(within(row).getByText('21 créditos')).toBeVisible();
    expect(within(row).getByText('$4,800')).toBeVisible();
    expect(within(row).getByText('Tarjeta')).toBeVisible();
    expect(within(row).getByText('Completada')).toHaveAttribute('data-state', 'completed');
    expect(within(row).getByText(/2030/)).toBeVisible();
    // The order by its folio (issue 39), the one on its receipt; never its id.
    expect(screen.getByRole('columnheader', { name: 'Folio' })).toBeInTheDocument();
    expect(within(row).getByText('A-00123')).toBeVisible();
    expect(screen.getByRole('table')).not.toHaveTextContent('d0000000-0000-4000-8000-000000000001');
    expect(screen.getByText('Cancelada')).toHaveAttribute('data-state', 'cancelled');
    expect(urls[0]).toMatch(/^\/api\/me\/orders\?.*pageSize=5/);

    const sizes = screen.getByRole('combobox');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mostrar 5', 'Mostrar 10', 'Mostrar 30']);
    await userEvent.setup().selectOptions(sizes, '10');
    await vi.waitFor(() => expect(urls.at(-1)).toMatch(/pageSize=10/));
  });

  it('an OXXO order waiting for its payment shows how to pay it; an expired one reads Vencida', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          page([
            order('d0000000-0000-4000-8000-000000000003', {
              folio: 4_567,
              status: 'pending',
              method: 'oxxo',
              // The order's lines: granted once the payment is confirmed.
              creditsGranted: 5,
              products: ['Paquete Básico'],
              totalCents: 125_000,
              instructions: {
                kind: 'oxxo',
                number: '93000012345678901234',
                hostedUrl: null,
                expiresAt: '2030-01-10T05:59:00.000Z',
              },
            }),
            order('d0000000-0000-4000-8000-000000000004', {
              status: 'expired',
              method: 'spei',
              creditsGranted: 11,
              products: ['Paquete Profesional'],
              totalCents: 230_000,
            }),
          ]),
        ),
      ),
    );
    renderHistory();
    const pending = (await screen.findByText('Paquete Básico')).closest('tr')!;
    expect(within(pending).getByText('OXXO')).toBeVisible();
    expect(within(pending).getByText('Pendiente de pago')).toHaveAttribute('data-state', 'pending');
    const expired = screen.getByText('Paquete Profesional').closest('tr')!;
    expect(within(expired).getByText('SPEI')).toBeVisible();
    expect(within(expired).getByText('Vencida')).toHaveAttribute('data-state', 'expired');
    expect(within(pending).getByText('5 créditos al confirmar el pago')).toBeVisible();
    expect(within(expired).getByText('Ninguno')).toBeVisible();
    // Only a pending order with its data offers them.
    expect(within(expired).queryByRole('button', { name: /Ver datos de pago/ })).not.toBeInTheDocument();

    await userEvent
      .setup()
      .click(within(pending).getByRole('button', { name: 'Ver datos de pago del pedido A-04567' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ficha de pago OXXO' });
    expect(dialog).toHaveTextContent('Pedido A-04567');
    expect(within(dialog).getByTestId('voucher-number')).toHaveTextContent(/^93000012345678901234$/);
    expect(within(dialog).getByTestId('instructions-amount')).toHaveTextContent('$1,250');
    expect(within(dialog).getByTestId('instructions-expiry')).toHaveTextContent(/^Vence el 9 ene 2030/);
  });
});
