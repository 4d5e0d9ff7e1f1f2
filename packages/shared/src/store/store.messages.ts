/**
 * docs/business-rules.md §8 (card payment) and §5 (checkout step 1) texts, verbatim; the rest in the same voice. Adding to the cart
 * has its own texts (cart/cart.messages.ts).
 */
export const storeMessages = {
  // docs/business-rules.md §8, card payment.
  initFailed: 'No se pudo inicializar el proceso de pago. Intente nuevamente.',
  somethingWrong: 'Algo salio mal, intentelo de nuevo',
  paymentFailed: 'Ocurrió un error al procesar el pago, verifica tus datos e intenta nuevamente.',
  tryLater: 'Algo salio mal, intentalo de nuevo mas tarde',
  // docs/business-rules.md §5, checkout step 1.
  allFieldsRequired: 'Todos los campos son obligatorios',
  phoneDigits: 'El número de teléfono debe tener 10 dígitos',
  // Ours.
  emptyCart: 'Tu carrito está vacío.',
  tooManyLines: 'Tu carrito tiene demasiados productos distintos para un solo pago. Divide la compra en dos.',
  notForSale: (name: string) => `${name} ya no está a la venta. Quítalo del carrito para continuar.`,
  cardDeclined: 'El banco rechazó la tarjeta.',
  insufficientFunds: 'La tarjeta no tiene fondos suficientes.',
  cardInvalid: 'Revisa el número, la vigencia y el código de seguridad de la tarjeta.',
  cardNumber: 'Escribe los 16 dígitos de la tarjeta.',
  cardExpiry: 'Escribe la vigencia como MM/AA, sin que haya pasado.',
  cardCvc: 'Escribe los 3 o 4 dígitos del código de seguridad.',
  cardHolder: 'Escribe el nombre como aparece en la tarjeta.',
  checkoutNotFound: 'El pago no existe o ya no está disponible.',
  checkoutChanged: 'Este pago ya se inició con otros productos. Vuelve a tu carrito e inténtalo de nuevo.',
  checkoutFailed: 'Este pago no se completó. Vuelve a tu carrito e inténtalo de nuevo.',
  paid: '¡Pago completado!',
  // Issue 24: OXXO and SPEI.
  methodInvalid: 'Elige cómo quieres pagar: tarjeta, OXXO o transferencia SPEI.',
  methodNotOffered: 'Esta forma de pago no está disponible. Elige otra.',
  checkoutMethodChanged:
    'Este pago ya se inició con otra forma de pago. Vuelve a tu carrito e inténtalo de nuevo.',
  // Issue 39: true whether or not this site sends e-mail (the e-mail is promised apart, with emailPromise).
  voucherIssued:
    'Listo: aquí tienes los datos para pagar. Tus créditos se agregarán cuando se confirme el pago.',
  /** The OXXO voucher or the SPEI data, by e-mail too (emailPromise: only where this site sends e-mail). */
  voucherEmailed: {
    sent: 'Te enviamos estos datos por correo.',
    off: 'guarda estos datos: no te llegarán por correo.',
  },
  oxxoVoucherEmailed: {
    sent: 'También te enviamos la ficha por correo.',
    off: 'guarda la ficha que te damos: no te llegará por correo.',
  },
  speiDataEmailed: {
    sent: 'También te enviamos los datos por correo.',
    off: 'guarda los datos que te damos: no te llegarán por correo.',
  },
  oxxoTooLarge: 'OXXO acepta pagos de hasta $10,000. Elige tarjeta o transferencia SPEI, o divide la compra.',
  payerMissing: 'Para pagar en OXXO o por SPEI necesitamos tu nombre y tu correo.',
} as const;
