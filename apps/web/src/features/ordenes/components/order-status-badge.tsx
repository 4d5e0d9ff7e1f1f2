import type { TOrderStatus } from '@sala/shared/orders/orders.contract';
import { orderStatusLabels } from '@sala/shared/orders/orders.messages';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge';

const tones: Record<TOrderStatus, BadgeTone> = {
  completed: 'success',
  cancelled: 'danger',
  pending: 'warning',
};

/** Spec §4: 'Completada', 'Cancelada', anything else 'Pendiente'. */
export function OrderStatusBadge({ status }: { status: string }) {
  const state: TOrderStatus = status === 'completed' || status === 'cancelled' ? status : 'pending';
  return (
    <Badge tone={tones[state]} state={state}>
      {orderStatusLabels[state]}
    </Badge>
  );
}
