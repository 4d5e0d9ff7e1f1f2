import {
  orderStateOf as orderState,
  orderStatusLabels as orderStateLabels,
} from '@sala/shared/orders/orders.messages';
import type { TMyOrder } from '@sala/shared/users/profile.contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { PurchaseHistory } from './purchase-history';

const order = (id: string, over: Partial<TMyOrder>): TMyOrder => ({
  id,
  createdAt: '2030-01-07T17:00:00.000Z',
  totalCents: 480_000,
  status: 'completed',
  isPos: false,
  products: ['Paquete Básico × 2', 'Paquete Profesional'],
  creditsGranted: 21,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PurchaseHistory (Mis pedidos)', () => {
  it.each([
    ['completed', 'Completada'],
    ['cancelled', 'Cancelada'],
    ['pending', 'Pendiente'],
    ['refunded', 'Pendiente'],
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
            order('d0000000-0000-4000-8000-000000000001', {}),
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
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PurchaseHistory />
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('Paquete Básico × 2, Paquete Profesional')).closest('tr')!;
    expect(within(row).getByText('21 créditos')).toBeVisible();
    expect(within(row).getByText('$4,800')).toBeVisible();
    expect(within(row).getByText('Completada')).toHaveAttribute('data-state', 'completed');
    expect(within(row).getByText(/2030/)).toBeVisible();
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
});
