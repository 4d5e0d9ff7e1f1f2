import { NO_EMAIL_YET, withoutEmail } from '../mail/mail-promise';

/**
 * The waitlist of a full hour ("Avísame si se libera", docs/decisions/019), in the voice of the booking messages.
 * Apart from them: the public wizard loads these only with the waitlist's offer.
 */
export const waitlistMessages = {
  joined: 'Listo: te avisaremos por correo si se libera una sala a esa hora.',
  joinedAuto: 'Listo: si se libera una sala a esa hora, te la reservamos y te avisamos por correo.',
  left: 'Saliste de la lista de espera.',
  hasRooms: 'Todavía hay salas libres a esa hora: elige una y resérvala.',
  notFull: 'Esa hora no se puede esperar: elige una hora llena de los próximos días.',
  noRooms: 'Esta sucursal no tiene salas disponibles por ahora: no hay una sala que se pueda liberar.',
  already: 'Ya estás en la lista de espera de esa hora.',
  tooMany: (max: number) =>
    `Puedes estar en la lista de espera de ${max} horas a la vez. Sal de alguna para esperar otra.`,
  notFound: 'No estás en esa lista de espera.',
  notice: 'Elige con cuántas horas de anticipación podemos reservarte.',
  /** An automatic booking whose notice the hour can no longer meet (`possibleNotices`). */
  noticeTooLong: (possible: readonly number[]) =>
    possible.length === 0
      ? 'Esa hora empieza muy pronto para reservártela automáticamente: apúntate solo para que te avisemos si se libera.'
      : `Esa hora empieza en menos de las horas de anticipación que elegiste: elige ${possible.at(-1)} horas o menos.`,
  /** In the offer, when the chosen hour leaves no notice to choose. */
  tooSoonToBook: 'Esta hora empieza muy pronto para reservártela automáticamente; te avisamos si se libera.',
} as const;

/** The toast after joining a waitlist: an e-mail is promised only where this site sends e-mail (issue 39). */
export function waitlistJoined(autoBook: boolean, sendsEmail: boolean): string {
  if (sendsEmail) return autoBook ? waitlistMessages.joinedAuto : waitlistMessages.joined;
  return autoBook
    ? `Listo: si se libera una sala a esa hora, te la reservamos. ${withoutEmail('no te llegará un aviso: revisa tus sesiones en tu perfil.')}`
    : `Listo: estás en la lista de espera. ${withoutEmail('no te llegará un aviso si se libera una sala: vuelve a revisar esa hora en Reserva.')}`;
}

/** What a waiting entry (not booked automatically) gets when a room frees up, as /perfil lists it. */
export const waitingNote = (sendsEmail: boolean) =>
  sendsEmail ? 'te avisamos por correo si se libera' : `sin aviso: ${NO_EMAIL_YET.toLowerCase()}`;
