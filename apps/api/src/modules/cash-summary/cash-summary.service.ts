import type { TCashSummary } from '@sala/shared/cash-summary/cash-summary.contract';
import { sortMovements, summarizeMovements } from '@sala/shared/cash-summary/cash-summary.rules';
import type { ActingContext } from '../../context';
import { drawersOfDay } from '../cash-drawer/cash-drawer.service';
import { costMovementsOfDay } from '../costs/costs.service';
import { orderMovementsOfDay } from '../orders/orders.service';

/**
 * GET /api/cash-summary — the corte of a Mexico City date (docs/business-rules.md D§4): the day's orders and expenses in time
 * order, and totals computed from exactly those movements (so the list always adds up to the totals).
 */
export async function cashSummary(
  { db }: ActingContext,
  query: { date: string; branchId?: string },
): Promise<TCashSummary> {
  const [orders, costs, drawers] = await Promise.all([
    orderMovementsOfDay(db, query),
    costMovementsOfDay(db, query),
    drawersOfDay(db, query.date, query.branchId),
  ]);
  const movements = sortMovements([...orders, ...costs]);
  return {
    date: query.date,
    branchId: query.branchId ?? null,
    totals: summarizeMovements(movements),
    movements,
    drawers,
  };
}
