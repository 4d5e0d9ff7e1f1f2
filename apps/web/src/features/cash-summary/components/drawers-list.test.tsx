import type { TDrawer } from '@sala/shared/cash-drawer/drawer.contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawersList } from './drawers-list';

const drawer = (over: Partial<TDrawer>): TDrawer => ({
  id: 'd1000000-0000-4000-8000-000000000001',
  branchId: 'd1000000-0000-4000-8000-0000000000b1',
  branchName: 'Valle',
  date: '2030-01-09',
  status: 'closed',
  openingFloatCents: 50_000,
  openedAt: '2030-01-09T15:00:00.000Z',
  openedByName: 'Ana',
  closedAt: '2030-01-10T02:00:00.000Z',
  closedByName: 'Ana',
  sales: { orders: 3, cashReceivedCents: 7_000, changeCents: 1_500, cardCents: 3_500, transferCents: 1_500 },
  cashExpensesCents: 12_000,
  expectedCents: 43_500,
  countedCents: 41_500,
  differenceCents: -2_000,
  countDetail: null,
  note: 'Un cambio mal dado',
  reopenings: 0,
  ...over,
});

describe('DrawersList (corte)', () => {
  it('shows each drawer’s float, expected and counted cash, and calls the difference by its name', () => {
    render(
      <DrawersList
        drawers={[
          drawer({}),
          drawer({
            id: 'd1000000-0000-4000-8000-000000000002',
            branchName: 'Polanco',
            status: 'open',
            countedCents: null,
            differenceCents: null,
            note: null,
          }),
        ]}
      />,
    );
    const [valle, polanco] = screen.getAllByTestId('corte-drawer');
    expect(valle).toHaveTextContent('$500');
    expect(valle).toHaveTextContent('$435');
    expect(valle).toHaveTextContent('Faltante $20');
    expect(valle).toHaveTextContent('Un cambio mal dado');
    expect(within(valle!).getByRole('link', { name: 'Valle' })).toHaveAttribute(
      'href',
      '/admin/caja/d1000000-0000-4000-8000-000000000001',
    );
    expect(polanco).toHaveTextContent('Abierta');
  });

  it('shows nothing on a day without drawers', () => {
    const { container } = render(<DrawersList drawers={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
