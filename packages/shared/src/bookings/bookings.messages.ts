/** docs/business-rules.md §5 and §8 texts for bookings, verbatim; the rest in the same voice. */
export const bookingMessages = {
  noCredits: 'No cuenta con créditos suficientes.',
  /** docs/business-rules.md §8 names a 2-credit branch; the same sentence for any cost above one. */
  needsCredits: (cost: number) =>
    `Para agendar en este establecimiento necesitas ${cost} créditos adicionales.`,
  sessionTaken: 'Esta sesion ya existe, elige otra.',
  cannotBook: 'No puedes agendar en esta sesion.',
  created: 'Sesión creada exitosamente',
  emailWarning: 'Sesión creada, pero no pudimos enviarte un correo.',
  emailSent: 'Te enviamos la confirmación por correo.',
  emailOff: 'Este sitio todavía no envía correos, así que no recibirás una confirmación: guarda estos datos.',
  loadFailed: 'por el momento no es posible agendar',
  courtesyName: 'Nombre de cortesía es requerido y debe tener al menos 6 caracteres.',
  cancelled: 'Sesión cancelada con éxito',
  courtesyCancelled: 'Sesión de cortesía cancelada con éxito',
  userNotFound: 'Usuario no encontrado',
  // Ours, in the same voice.
  chooseAll: 'Elige zona, sucursal, día, hora y sala.',
  chooseClient: 'Elige un cliente o escribe un nombre de cortesía.',
  sameTime: 'Ya tienes una sesión reservada a esta hora. Elige otra hora.',
  clientSameTime: 'El cliente ya tiene una sesión reservada a esta hora.',
  sessionNotFound: 'La sesión no existe.',
  alreadyCancelled: 'Esta sesión ya fue cancelada.',
  tooLateToCancel:
    'Las sesiones que empiezan en menos de 24 horas ya no se pueden cancelar. Comunícate con la recepción.',
  alreadyStarted: 'Esta sesión ya empezó o ya pasó; no se puede cancelar.',
  cannotCancel: 'No puedes cancelar esta sesión.',
  clientInactive: 'El cliente está desactivado; actívalo antes de reservar por él.',
  keyReused: 'Esta reservación ya se registró con otros datos. Recarga la página para reservar de nuevo.',
} as const;
