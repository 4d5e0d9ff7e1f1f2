/** Every Spanish message of invoicing (issue 42): specific, so the person knows what to fix. */
export const invoicingMessages = {
  rfcRequired: 'Escribe tu RFC.',
  rfcFormat:
    'El RFC no es válido: revisa que tenga 13 caracteres (persona física) o 12 (persona moral), con tu fecha y tu homoclave, p. ej. COSC8001137NA.',
  rfcGeneric:
    'Ese es el RFC genérico del público en general o de extranjeros: escribe tu propio RFC. Sin RFC, tu compra queda en la factura global del negocio.',
  rfcCheckDigit:
    'El RFC no es válido: revisa la homoclave (su último carácter no coincide con el cálculo del SAT). Si tu Constancia lo muestra así, puedes guardarlo.',
  legalNameRequired: 'Escribe tu nombre o razón social como aparece en tu Constancia de Situación Fiscal.',
  legalNameRegime:
    'Escribe la razón social sin el régimen societario (sin «S.A. de C.V.», «S.C.», «A.C.»…), como aparece en tu Constancia de Situación Fiscal.',
  legalNameCharacters: "El nombre o razón social solo lleva letras, números, espacios y . , & - '",
  taxSystemRequired: 'Elige tu régimen fiscal.',
  taxSystemUnknown: 'Ese régimen fiscal no está en el catálogo del SAT.',
  taxSystemPersonFisica: 'Ese régimen es de personas morales; tu RFC (13 caracteres) es de persona física.',
  taxSystemPersonMoral: 'Ese régimen es de personas físicas; tu RFC (12 caracteres) es de persona moral.',
  zipInvalid: 'El código postal fiscal tiene 5 dígitos, como en tu Constancia de Situación Fiscal.',
  cfdiUseRequired: 'Elige el uso del CFDI.',
  cfdiUseNotForRegime: 'Ese uso del CFDI no corresponde a tu régimen fiscal: elige uno de la lista.',
  emailRequired: 'Escribe el correo al que enviamos tus facturas.',
  emailInvalid: 'El correo para facturas no es válido.',
  profileSaved: 'Datos fiscales guardados',
  profileMissing: 'Primero guarda tus datos fiscales en tu perfil (Datos fiscales).',
  // Asking for an invoice.
  off: 'La facturación no está disponible: el negocio aún no la configura.',
  issuerMissing: 'La facturación no está disponible: faltan los datos fiscales del negocio.',
  notYourOrder: 'Pedido no encontrado.',
  notCompleted: 'Solo se facturan compras pagadas.',
  walkIn: 'Esta venta no tiene cliente: elige o escribe los datos fiscales de quien la pide.',
  windowClosed: (lastDay: string) =>
    `El plazo para pedir la factura de esta compra terminó el ${lastDay}. Comunícate con la recepción.`,
  alreadyInvoiced: 'Esta compra ya tiene su factura.',
  requested: 'Estamos generando tu factura; te la enviamos por correo en cuanto esté lista.',
  pacRefused: 'El SAT no aceptó los datos fiscales',
  notReady: 'La factura todavía no está lista.',
  testMode: 'Modo de pruebas: estas facturas no tienen validez ante el SAT.',
  // Settings.
  settingsSaved: 'Datos de facturación guardados',
  issuerRfc: 'El RFC del negocio no es válido.',
  seriesInvalid: 'La serie lleva de 1 a 10 letras (p. ej. F).',
  folioInvalid: 'El siguiente folio es un número entero desde 1.',
  folioUsed: (series: string, last: number) =>
    `El siguiente folio de la serie ${series} debe ser mayor que ${last}, el último que ya se usó.`,
  productKeyInvalid: 'La clave de producto o servicio del SAT tiene 8 dígitos (p. ej. 80131502).',
  unitKeyInvalid: 'La clave de unidad del SAT tiene 2 o 3 letras o números (p. ej. E48 o HUR).',
  periodicityInvalid: 'Elige la periodicidad de la factura global.',
  bimonthlyOnly621:
    'La periodicidad bimestral solo la permite el SAT a quien tributa en el régimen 621 (Incorporación Fiscal).',
  windowInvalid: 'El plazo para pedir factura va de 1 a 365 días, o hasta fin de mes.',
  // The global invoice and cancellations.
  globalBusy:
    'La factura global de esta venta se está timbrando en este momento; intenta de nuevo en unos minutos.',
  periodOpen:
    'Ese periodo todavía no cierra: su factura global se emite en las 24 horas siguientes a su cierre.',
  periodHasGlobal: 'Ese periodo ya tiene su factura global.',
  periodEmpty: 'Ese periodo no tiene ventas sin factura.',
  globalIssued: 'Factura global en proceso',
  cancelRequested: 'Cancelación solicitada al SAT',
  notCancellable: 'Esta factura no se puede cancelar: no está timbrada o ya se pidió su cancelación.',
  reissueOnlyOrder: 'Solo se corrige la factura de una venta a un cliente.',
} as const;

/** The SAT's cancellation motives, as a person reads them. */
export const cancelMotiveLabels = {
  '01': 'Comprobante emitido con errores con relación (sustituido)',
  '02': 'Comprobante emitido con errores sin relación',
  '03': 'No se llevó a cabo la operación',
  '04': 'Operación nominativa relacionada en una factura global',
} as const;

/** A cancellation's state as the PAC reports it. */
export const cancelStateLabels = {
  queued: 'Cancelación solicitada',
  pending: 'Cancelación en espera de que el receptor la acepte',
  verifying: 'Cancelación en verificación',
  accepted: 'Cancelada ante el SAT',
  rejected: 'El receptor rechazó la cancelación',
  expired: 'La solicitud de cancelación venció sin respuesta',
} as const;

/** The invoice's state as a client or the staff read it. */
export const invoiceStatusLabels = {
  queued: 'En proceso',
  valid: 'Facturada',
  failed: 'Rechazada',
  cancelled: 'Cancelada',
} as const;
