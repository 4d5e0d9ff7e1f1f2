/** docs/business-rules.md §5 (Point of sale) and §8 texts; the rest in the same voice. */
export const posMessages = {
  requiredFields: 'Todos los campos son obligatorios',
  noPaymentMethod: 'Agrega al menos un método de pago',
  cardOrTransferOverTotal: 'Pagos con tarjeta o transferencias no pueden superar el total de la compra',
  cardAndTransfer: 'No puedes pagar con transferencia y tarjeta a la vez',
  noTotal: 'No hay un total de compra, agrega productos',
  sumBelowTotal: 'La sumatoria es menor al total de la compra',
  noProducts: 'No hay productos seleccionados',
  completed: 'Orden completada con éxito!',
  invalidAmount: 'Los montos deben ser números positivos.',
  invalidQuantity: 'La cantidad debe ser un número entero entre 1 y 99.',
  tooManyLines: 'Una venta puede tener hasta 30 productos distintos.',
  totalTooLarge: 'El total de la venta excede el máximo permitido.',
  productNotForSale:
    'Uno de los productos ya no se vende en el punto de venta. Actualiza la lista e inténtalo de nuevo.',
  clientNotFound: 'El cliente no existe o está inactivo.',
  branchNotFound: 'La sucursal no existe.',
  keyReused: 'Esta venta ya se registró con otros datos. Recarga la página para empezar una venta nueva.',
  keyReusedForAnotherSale:
    'Esta venta ya se registró con otros productos o montos; no se cobró de nuevo. Revisa la orden en Ordenes o recarga la página para empezar una venta nueva.',
  // Walk-in sales (issue 22).
  walkInCredits: 'Un producto que da créditos necesita un cliente: elige al cliente o quita el producto.',
  /** emailPromise: where this site sends no e-mail, the ticket waits in Correos (issue 39). */
  ticketSent: {
    sent: 'Enviamos el ticket por correo.',
    off: 'el ticket quedó en Mensajes (Correos): imprímelo o compártelo desde ahí.',
  },
} as const;
