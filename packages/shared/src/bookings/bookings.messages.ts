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
  // Written out rather than built with withoutEmail (mail-promise.ts): the wizard's first chunk imports these
  // messages and stays without another module to fetch (decision 016); mail-promise.test.ts holds it to the helper.
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
  /** Ends with CALL_RECEPTION, written out as emailOff is; withReception puts the business's numbers in (issue 39). */
  tooLateToCancel:
    'Las sesiones que empiezan en menos de 24 horas ya no se pueden cancelar. Comunícate con la recepción.',
  alreadyStarted: 'Esta sesión ya empezó o ya pasó; no se puede cancelar.',
  cannotCancel: 'No puedes cancelar esta sesión.',
  clientInactive: 'El cliente está desactivado; actívalo antes de reservar por él.',
  keyReused: 'Esta reservación ya se registró con otros datos. Recarga la página para reservar de nuevo.',
  // Moving a session (docs/decisions/019).
  rescheduled: 'Sesión cambiada con éxito',
  tooLateToMove:
    'Las sesiones que empiezan en menos de 24 horas ya no se pueden cambiar. Comunícate con la recepción.',
  alreadyMoved: 'Esta sesión ya se cambió a otra hora.',
  sameSlot: 'Tu sesión ya es a esa hora en esa sala.',
  // Standing slots (reserva fija), docs/decisions/019.
  seriesDisabled: 'Esta sucursal no ofrece reservas fijas.',
  seriesCount: (max: number) => `En esta sucursal una reserva fija es de 2 a ${max} sesiones.`,
  seriesCountInvalid: 'Elige cuántas sesiones: de 2 en adelante.',
  everyWeeksInvalid: 'Elige si se repite cada semana o cada dos semanas.',
  seriesNothingBookable: 'Ninguna de esas fechas se puede reservar. Elige otra hora o sala.',
  seriesChanged: (dates: string[]) =>
    `La disponibilidad cambió ${dates.length === 1 ? 'para el' : 'para los días'} ${dates.join(', ')}: no se reservó ninguna fecha. Revisa las fechas y confirma de nuevo.`,
  seriesNoCredits: (total: number, balance: number) =>
    `Las sesiones de esta reserva fija cuestan ${total} créditos y ${balance === 1 ? 'tienes 1' : `tienes ${balance}`}. Compra créditos o elige menos semanas.`,
  seriesClientNoCredits: (total: number, balance: number) =>
    `El saldo del cliente no alcanza: las sesiones de esta reserva fija cuestan ${total} créditos y tiene ${balance}.`,
  seriesCreated: (count: number) => `Reserva fija creada: ${count} sesiones.`,
  seriesNotFound: 'La reserva fija no existe.',
  seriesNothingToCancel:
    'No quedan sesiones de esta reserva fija que se puedan cancelar: las que faltan empiezan en menos de 24 horas.',
  seriesCancelled: (count: number, refunded: number) =>
    `Cancelamos ${count === 1 ? '1 sesión' : `${count} sesiones`} de tu reserva fija y te devolvimos ${refunded === 1 ? '1 crédito' : `${refunded} créditos`}.`,
} as const;

/** Why a date of a standing slot cannot be booked, as the preview says it. */
export const occurrenceReasons = {
  closed: 'La sucursal no abre ese día a esa hora.',
  past: 'Esa hora ya pasó.',
  blocked: 'El consultorio bloqueó esa fecha.',
  full: 'Todas las salas están ocupadas a esa hora.',
  'same-time': 'Ya tienes una sesión a esa hora.',
} as const;
