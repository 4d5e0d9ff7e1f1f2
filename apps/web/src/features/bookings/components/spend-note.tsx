import { spendSummary } from '@sala/shared/credits/credit-lots.rules';
import { useMyCreditLots } from '../../me/api/my-credit-lots';

/**
 * Issue 44: which of the client's credits a booking spends, under its cost: 'Usa 1 crédito que vence el 12 de enero
 * y 1 sin vencimiento.' Nothing while the lots load, or when they do not cover the cost (the balance line says so).
 * A chunk of its own: the credits' date rules bring date-fns, which /reserva's first JavaScript does not carry.
 */
export default function SpendNote({ cost }: { cost: number }) {
  const lots = useMyCreditLots();
  if (!lots.data) return null;
  const text = spendSummary(lots.data.lots, cost, lots.data.today);
  if (!text) return null;
  return (
    <span className="block text-xs text-muted" data-testid="booking-spend">
      {text}
    </span>
  );
}
