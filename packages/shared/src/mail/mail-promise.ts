/**
 * What a screen says about an e-mail (issue 39). With a mail server (SMTP_URL) the e-mail arrives; without one the
 * messages stay in the outbox (Administración → Correos), and every screen that mentions an e-mail says so in the
 * same words, with what to do instead. One helper, so no screen promises an e-mail that will not come.
 */
export const NO_EMAIL_YET = 'Este sitio todavía no envía correos';

/** 'Este sitio todavía no envía correos, así que no recibirás una confirmación: guarda estos datos.' */
export const withoutEmail = (consequence: string) => `${NO_EMAIL_YET}, así que ${consequence}`;

/** A sentence that depends on e-mail: what it says when e-mail is sent, and the consequence when it is not. */
export type EmailPromise = { sent: string; off: string };

/** The sentence to show: the promise when this site sends e-mail, the truth (withoutEmail) when it does not. */
export const emailPromise = (sendsEmail: boolean, promise: EmailPromise) =>
  sendsEmail ? promise.sent : withoutEmail(promise.off);
