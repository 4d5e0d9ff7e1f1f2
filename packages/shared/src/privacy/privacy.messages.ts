import { askReception, type BusinessContact } from '../legal/business-contact';
import { withoutEmail } from '../mail/mail-promise';

export const privacyMessages = {
  allFieldsRequired: 'Todos los campos son obligatorios',
  wrongPassword: 'La contraseña no es correcta.',
  requestNotFound: 'No encontramos esa solicitud.',
  requestAlreadyClosed: 'Esa solicitud ya se atendió.',
  clientNotFound: 'No encontramos a ese cliente.',
  recorded: 'Solicitud registrada',
  resolved: 'Solicitud actualizada',
  /** The client turns the reminders off or on in /perfil. */
  remindersOff: 'Ya no te enviaremos recordatorios de tus sesiones.',
  remindersOn: 'Te enviaremos un recordatorio 24 horas antes de cada sesión.',
  /** The one-click unsubscribe of a reminder. */
  unsubscribed:
    'Listo: ya no te enviaremos recordatorios de tus sesiones. Puedes volver a activarlos en tu perfil.',
  unsubscribeInvalid: 'El enlace para dejar de recibir recordatorios no es válido.',
  /** Changing one's own e-mail (rectification). */
  emailChangeSent: (email: string) =>
    `Te enviamos un enlace a ${email}: ábrelo para confirmar tu nuevo correo. Tu correo actual sigue activo hasta entonces.`,
  emailChangeNotSent: (email: string, contact: Pick<BusinessContact, 'phone' | 'whatsapp'>) =>
    withoutEmail(
      `el enlace para confirmar ${email} no te llegará: ${askReception(contact)} para que te lo den.`,
    ),
  emailChangeSame: 'Ese ya es tu correo.',
  emailTaken: 'Ese correo ya pertenece a otra cuenta.',
  emailChangeInvalid:
    'El enlace para confirmar tu nuevo correo no es válido o ya expiró. Pide uno nuevo desde tu perfil.',
  emailChanged: (email: string) => `Tu correo ahora es ${email}. Vuelve a iniciar sesión con él.`,
  /** Closing one's account (cancellation). */
  closeRefusedSessions: (when: string[]) =>
    `No puedes eliminar tu cuenta mientras tengas ${when.length === 1 ? 'una sesión por venir' : 'sesiones por venir'}: ${when.join('; ')}. Cancélalas o espera a que pasen.`,
  closeRefusedPayments: (what: string[]) =>
    `No puedes eliminar tu cuenta mientras ${what.length === 1 ? 'haya un pago en proceso' : 'haya pagos en proceso'}: ${what.join('; ')}. Espera a que se confirme o se cancele.`,
  accountClosed: 'Tu cuenta quedó eliminada. Gracias por haber sido parte de Sala Común.',
  accountClosedForClient: 'La cuenta del cliente quedó eliminada.',
  /** Staff accounts are the business's: their e-mail and their end are a super admin's to change. */
  staffAccount:
    'Las cuentas del personal no se cambian ni se eliminan desde aquí: pide a un super administrador que las actualice o las desactive.',
  /** A login to a closed account. */
  accountGone: 'Esta cuenta fue eliminada. Si necesitas ayuda, escribe al consultorio.',
} as const;
