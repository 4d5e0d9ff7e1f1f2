/** docs/business-rules.md §5 (Order cancel) and §8 texts; the rest in the same voice. */
export const orderMessages = {
  cancelPhrase: 'cancelar orden',
  phraseMismatch: 'El texto de confirmacion no coincide.',
  cancelled: 'Orden cancelada con exito',
  notFound: 'La orden no existe.',
  alreadyCancelled: 'Esta orden ya estaba cancelada.',
  notCompleted: 'Solo se pueden cancelar órdenes completadas.',
  cancelInProgress: 'Esta orden ya se está cancelando: espera un momento y vuelve a consultarla.',
  refundFailed: 'No pudimos reembolsar el pago con tarjeta. La orden sigue completada; inténtalo de nuevo.',
  refundGatewayChanged:
    'Este pago se cobró con otra pasarela de pago; no se puede reembolsar desde aquí. La orden sigue completada.',
  onlineCashier: 'Tienda en linea',
} as const;

/** docs/business-rules.md §4: an order is completed or cancelled by name; any other status reads as pending. */
export const orderStateOf = (status: string): 'completed' | 'cancelled' | 'pending' =>
  status === 'completed' || status === 'cancelled' ? status : 'pending';

/** docs/business-rules.md §4: completed and cancelled, anything else 'Pendiente'. */
export const orderStatusLabels = {
  completed: 'Completada',
  cancelled: 'Cancelada',
  pending: 'Pendiente',
} as const;

export const paymentMethodLabels = {
  cash: 'Efectivo',
  card: 'Tarjeta',
  transfer: 'Transferencia',
  mixed: 'Mixto',
} as const;
