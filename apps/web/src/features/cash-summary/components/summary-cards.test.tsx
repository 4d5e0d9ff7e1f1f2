import { summarizeMovements } from '@sala/shared/cash-summary/cash-summary.rules';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryCards } from './summary-cards';

const online = (id: string, method: 'card' | 'oxxo' | 'spei', cents: number) => ({
  kind: 'order' as const,
  id,
  at: '2030-01-07T17:00:00.000Z',
  status: 'completed' as const,
  method,
  isPos: false,
  clientName: 'Valeria Torres',
  cashierName: 'Tienda en linea',
  branchName: null,
  totalCents: cents,
  cashCents: 0,
  cardCents: method === 'card' ? cents : 0,
  transferCents: method === 'card' ? 0 : cents,
});

describe('SummaryCards (issue 24)', () => {
  it('the online store by method: card, OXXO and SPEI, each on its own card', () => {
    const totals = summarizeMovements([
      online('0193f5b2-7c1e-7a00-8000-000000000011', 'card', 125_000),
      online('0193f5b2-7c1e-7a00-8000-000000000012', 'oxxo', 230_000),
      online('0193f5b2-7c1e-7a00-8000-000000000013', 'spei', 90_000),
    ]);
    render(<SummaryCards totals={totals} />);
    const byMethod = screen.getByRole('list', { name: 'Recibido por método' });
    expect(within(byMethod).getByTestId('corte-online')).toHaveTextContent('Tienda en línea (tarjeta)$1,250');
    expect(within(byMethod).getByTestId('corte-online-oxxo')).toHaveTextContent(
      'Tienda en línea (OXXO)$2,300',
    );
    expect(within(byMethod).getByTestId('corte-online-spei')).toHaveTextContent('Tienda en línea (SPEI)$900');
    expect(screen.getByTestId('corte-received')).toHaveTextContent('$4,450');
  });
});
