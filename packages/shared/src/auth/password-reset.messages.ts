import { askReception, type BusinessContact } from '../legal/business-contact';
import { withoutEmail } from '../mail/mail-promise';

// Apart from auth.messages.ts, which the login and registration pages load at once: these need the contact and
// e-mail helpers, and only the forgot-password dialog (loaded when it opens) and the API read them (decision 016).

type Reception = Pick<BusinessContact, 'phone' | 'whatsapp'>;

/** "Olvidé mi contraseña" on a site without a mail server (issue 39). */
export const passwordResetMessages = {
  /**
   * Said instead of resetSent when the server has no mail server (SMTP_URL unset): nothing will arrive, and the link
   * waits in Correos, where the reception can read it: how to reach them.
   */
  resetNotSent: (contact: Reception) =>
    withoutEmail(`el enlace no te llegará: ${askReception(contact)} para que te lo den.`),
  /** The dialog before it is sent. */
  resetWillNotArrive: (contact: Reception) =>
    `Escribe el correo de tu cuenta. ${withoutEmail(`el enlace no te llegará: solicítalo aquí y ${askReception(contact)} para que te lo den.`)}`,
} as const;
