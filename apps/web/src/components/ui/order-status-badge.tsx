import type { TOrderStatus } from '@sala/shared/orders/orders.contract';
import { orderStateOf, orderStatusLabels } from '@sala/shared/orders/orders.messages';
import { Badge, type BadgeTone } from './status-badge';

const tones: Record<TOrderStatus, BadgeTone> = {
  completed: 'success',
  cancelled: 'danger',
  pending: 'warning',
};

/** An order's status as docs/business-rules.md §4 names it: 'Completada', 'Cancelada', anything else 'Pendiente'. */
export function OrderStatusBadge({ status }: { status: string }) {
  const state = orderStateOf(status);
  return (
    <Badge tone={tones[state]} state={state}>
      {orderStatusLabels[state]}
    </Badge>
  );
}
