/** docs/business-rules.md §5 (Order cancel) and §8 texts; the rest in the same voice. */
export const orderMessages = {
  cancelPhrase: 'cancelar orden',
  phraseMismatch: 'El texto de confirmacion no coincide.',
  cancelled: 'Orden cancelada con exito',
  notFound: 'La orden no existe.',
  alreadyCancelled: 'Esta orden ya estaba cancelada.',
  notCompleted: 'Solo se pueden cancelar órdenes completadas o pendientes de pago.',
  pendingCancelFailed:
    'No pudimos cancelar el pago pendiente con la pasarela de pago. La orden sigue pendiente; inténtalo de nuevo.',
  pendingGatewayChanged:
    'Este pago se inició con otra pasarela de pago; solo ahí se puede cancelar. La orden sigue pendiente de pago.',
  paidMeanwhile: 'El pago de esta orden ya se recibió: la orden se completó y sus créditos se agregaron.',
  notPending: 'Esta orden ya no está pendiente de pago.',
  notSimulatable: 'Solo en modo de pruebas se puede simular el pago de una orden pendiente.',
  paymentSimulated: 'Pago simulado: la orden se completó.',
  cancelInProgress: 'Esta orden ya se está cancelando: espera un momento y vuelve a consultarla.',
  refundFailed: 'No pudimos reembolsar el pago con tarjeta. La orden sigue completada; inténtalo de nuevo.',
  refundGatewayChanged:
    'Este pago se cobró con otra pasarela de pago; no se puede reembolsar desde aquí. La orden sigue completada.',
  onlineCashier: 'Tienda en linea',
} as const;

/**
 * docs/business-rules.md §4: an order is completed or cancelled by name; any other status reads as pending.
 * Issue 24 adds 'expired' (an OXXO or SPEI payment that never came).
 */
export const orderStateOf = (status: string): 'completed' | 'cancelled' | 'pending' | 'expired' =>
  status === 'completed' || status === 'cancelled' || status === 'expired' ? status : 'pending';

/** docs/business-rules.md §4: completed and cancelled, anything else 'Pendiente' (of payment, issue 24). */
export const orderStatusLabels = {
  completed: 'Completada',
  cancelled: 'Cancelada',
  pending: 'Pendiente de pago',
  expired: 'Vencida',
} as const;

export const paymentMethodLabels = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  transfer: 'Transferencia',
  mixed: 'Mixto',
  oxxo: 'OXXO',
  spei: 'SPEI',
} as const;
