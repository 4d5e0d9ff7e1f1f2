import type { TOrderStatus } from '@sala/shared/orders/orders.contract';
import { orderStateOf, orderStatusLabels } from '@sala/shared/orders/orders.messages';
import { Badge, type BadgeTone } from './status-badge';

const tones: Record<TOrderStatus, BadgeTone> = {
  completed: 'success',
  cancelled: 'danger',
  // Issue 24: an OXXO or SPEI payment on its way (amber), or one whose time ran out (slate).
  pending: 'warning',
  expired: 'neutral',
};

/**
 * An order's status as docs/business-rules.md §4 names it: 'Completada', 'Cancelada', 'Vencida', anything else
 * 'Pendiente de pago'.
 */
export function OrderStatusBadge({ status }: { status: string }) {
  const state = orderStateOf(status);
  return (
    <Badge tone={tones[state]} state={state}>
      {orderStatusLabels[state]}
    </Badge>
  );
}
