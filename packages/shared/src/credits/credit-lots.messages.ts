/** The Spanish of credits with an expiry (issue 44). */
export const creditLotMessages = {
  validityDays: 'La vigencia es un número de días entre 1 y 3650, o vacía si los créditos no vencen.',
  reasonRequired: 'Escribe el motivo de la extensión.',
  lotNotFound: 'Ese paquete de créditos no existe.',
  lotNotLive: 'Ese paquete ya venció o ya se usó: solo se extiende uno vigente con créditos por usar.',
  extendLater: 'La nueva fecha debe ser posterior a la fecha de vencimiento actual.',
  expiryPast: 'La fecha de vencimiento debe ser hoy o posterior.',
  expiryTooFar: 'La fecha de vencimiento puede ser a lo más diez años después de hoy.',
  adjustExpiryOnlyAdding: 'Solo los créditos que se suman llevan fecha de vencimiento.',
  expiredNote: 'Créditos vencidos',
  extended: 'Vigencia extendida',
} as const;
