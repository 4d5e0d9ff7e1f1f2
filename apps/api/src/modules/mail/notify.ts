import type { Db, DbOrTx } from '@sala/db/client';
import { SESSION_MS } from '@sala/shared/bookings/session-timing';
import { calendarDateNames, formatCalendarDate, formatSessionWhen } from '@sala/shared/format/dates';
import { addHourLabel } from '@sala/shared/format/hours';
import { formatMoney } from '@sala/shared/format/money';
import { NO_BUSINESS_CONTACT } from '@sala/shared/legal/business-contact';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import { oxxoBarcodeSize } from '../../lib/barcode';
import { signSubject } from '../../lib/signing';
import type { Notify, PurchaseFacts, SessionFacts } from '../../ports/notify';
import { businessContact } from '../legal/legal.service';
import { staffNoticeRecipients } from '../users/users.service';
import {
  dropSessionMessages,
  queueCreditMessages,
  queueSessionMessages,
  type SessionMessageKind,
} from '../whatsapp/whatsapp.service';
import { calendarInvite, sessionInvite } from './calendar';
import {
  deleteMessagesTo,
  deletePendingByKey,
  insertEmails,
  type OutgoingEmail,
  statusesByKey,
} from './outbox.repository';
import type { OutboxWorker } from './outbox.worker';
import {
  accountClosedEmail,
  confirmNewEmailEmail,
  creditsExpiringEmail,
  emailChangedEmail,
  invoiceIssuedEmail,
  newClientRegisteredEmail,
  newReservationAdminEmail,
  newSeriesAdminEmail,
  passwordResetEmail,
  paymentPendingEmail,
  posReceiptEmail,
  purchaseReceiptEmail,
  type ReservationFacts,
  reminderKey,
  reservationCancelledEmail,
  reservationConfirmedEmail,
  reservationMovedAdminEmail,
  reservationMovedEmail,
  seriesCancelledEmail,
  seriesConfirmedEmail,
  sessionReminderEmail,
  waitlistBookedEmail,
  waitlistFreedEmail,
  welcomeClientEmail,
} from './templates';

export type NotifyOptions = {
  /** The base database (the staff inbox lookup is cached per database, never per transaction). */
  db: Db;
  publicUrl: string;
  /** The business inbox for staff notices; without it, every active super admin. */
  adminEmail?: string;
  mailFrom: { name: string; email: string };
  /** The outbox worker: its immediate attempt, when this process has a mail server at all. */
  outbox: Pick<OutboxWorker, 'enabled' | 'deliverNow'>;
  /** Whether this server has WhatsApp (issue 43): its messages are written next to the e-mails. */
  whatsapp?: boolean;
};

/** A booking's message to one address: written once, found again by a retried booking. */
const bookedKey = (sessionId: string, to: string) => `booked:${sessionId}:${to.toLowerCase()}`;
/** A standing slot's message to one address. */
const seriesKey = (seriesId: string, to: string) => `series:${seriesId}:${to.toLowerCase()}`;

/** An online order's lines as its e-mails print them: the amount in pesos. */
const priced = (lines: PurchaseFacts['lines']) =>
  lines.map((line) => ({ name: line.name, quantity: line.quantity, amount: formatMoney(line.amountCents) }));

/** Built once at boot (mail.plugin.ts): addressing and links are read here, never by the callers. */
export function createNotify(options: NotifyOptions): Notify {
  const url = (path: string) => `${options.publicUrl}${path}`;
  const write = async (tx: DbOrTx, emails: (OutgoingEmail | null)[]) => {
    const ready = emails.filter((email): email is OutgoingEmail => email !== null);
    return ready.length > 0 ? insertEmails(tx, ready) : [];
  };
  const reservation = (session: SessionFacts): ReservationFacts => ({
    holderName: session.holderName,
    cityName: session.cityName,
    branchName: session.branchName,
    roomName: session.roomName,
    when: formatSessionWhen(businessDate(session.startsAt), businessTime(session.startsAt)),
  });
  const event = (session: SessionFacts) => ({
    uid: session.calendarUid ?? session.id,
    sequence: session.calendarSequence ?? 0,
    startsAt: session.startsAt,
    endsAt: new Date(session.startsAt.getTime() + SESSION_MS),
    summary: `Sesión en ${session.branchName} · ${session.roomName}`,
    location: `${session.roomName}, ${session.branchName}, ${session.cityName}`,
    description: `Reservación de ${session.holderName} en Sala Común.`,
    organizer: options.mailFrom,
    attendee: session.email ? { name: session.holderName, email: session.email } : undefined,
  });
  const invite = (session: SessionFacts, method: 'REQUEST' | 'CANCEL') =>
    sessionInvite({ ...event(session), method });
  const staff = (tx: DbOrTx) =>
    staffNoticeRecipients(tx, { adminEmail: options.adminEmail, cacheOf: options.db });
  /** The same news by WhatsApp, for holders who turned it on; nothing at all without the channel. */
  const whatsapp = async (
    tx: DbOrTx,
    kind: SessionMessageKind,
    items: { session: SessionFacts; credits?: number }[],
  ) => {
    if (options.whatsapp) await queueSessionMessages(tx, kind, items, url('/perfil'));
  };
  const dropWhatsApp = async (tx: DbOrTx, sessionIds: string[]) => {
    if (options.whatsapp) await dropSessionMessages(tx, sessionIds);
  };

  return {
    get mailServer() {
      return options.outbox.enabled;
    },
    async sessionBooked(tx, session) {
      await whatsapp(tx, 'booked', [{ session }]);
      const facts = reservation(session);
      const ics = invite(session, 'REQUEST');
      const date = businessDate(session.startsAt);
      const emailIds = await write(tx, [
        session.email
          ? {
              ...reservationConfirmedEmail(session.email, facts, ics, url('/perfil')),
              dedupeKey: bookedKey(session.id, session.email),
            }
          : null,
        ...(await staff(tx)).map((to) => ({
          ...newReservationAdminEmail(
            to,
            { ...facts, bookedBy: session.bookedByName ?? null },
            ics,
            url(`/admin/reservaciones?fecha=${date}`),
          ),
          dedupeKey: bookedKey(session.id, to),
        })),
      ]);
      return { emailIds };
    },
    async seriesBooked(tx, series) {
      const first = series.sessions[0]!;
      const hour = businessTime(first.startsAt);
      const { weekday } = calendarDateNames(businessDate(first.startsAt));
      const facts = {
        holderName: first.holderName,
        cityName: first.cityName,
        branchName: first.branchName,
        cadence: `${series.everyWeeks === 1 ? 'Cada semana' : 'Cada dos semanas'}, ${weekday} de ${hour} a ${addHourLabel(hour)}`,
        dates: series.sessions.map((session) => ({
          when: formatCalendarDate(businessDate(session.startsAt)),
          roomName: session.roomName,
        })),
      };
      const ics = calendarInvite('REQUEST', series.sessions.map(event));
      const emailIds = await write(tx, [
        first.email
          ? {
              ...seriesConfirmedEmail(first.email, facts, ics, url('/perfil')),
              dedupeKey: seriesKey(series.id, first.email),
            }
          : null,
        ...(await staff(tx)).map((to) => ({
          ...newSeriesAdminEmail(
            to,
            { ...facts, bookedBy: first.bookedByName ?? null },
            ics,
            url(`/admin/reservaciones?fecha=${businessDate(first.startsAt)}`),
          ),
          dedupeKey: seriesKey(series.id, to),
        })),
      ]);
      return { emailIds };
    },
    async seriesCancelled(tx, series) {
      for (const session of series.sessions) await deletePendingByKey(tx, reminderKey(session.id));
      await dropWhatsApp(
        tx,
        series.sessions.map((session) => session.id),
      );
      const first = series.sessions[0];
      if (!first?.email) return;
      await write(tx, [
        seriesCancelledEmail(
          first.email,
          {
            holderName: first.holderName,
            branchName: first.branchName,
            dates: series.sessions.map((session) => ({
              when: formatSessionWhen(businessDate(session.startsAt), businessTime(session.startsAt)),
              roomName: session.roomName,
            })),
            refunded: series.refunded,
          },
          calendarInvite('CANCEL', series.sessions.map(event)),
        ),
      ]);
    },
    async seriesBookedDelivery(db, series) {
      if (!options.outbox.enabled) return 'off';
      const recipients = [...(series.email ? [series.email] : []), ...(await staff(db))];
      const states = await statusesByKey(
        db,
        recipients.map((to) => seriesKey(series.id, to)),
      );
      return states.every((status) => status === 'sent') ? 'sent' : 'delayed';
    },
    async sessionRescheduled(tx, { before, after }) {
      await deletePendingByKey(tx, reminderKey(before.id));
      await dropWhatsApp(tx, [before.id]);
      await whatsapp(tx, 'booked', [{ session: after }]);
      const facts = {
        ...reservation(after),
        before: `${formatSessionWhen(businessDate(before.startsAt), businessTime(before.startsAt))}, ${before.roomName}, ${before.branchName}`,
      };
      const ics = invite(after, 'REQUEST');
      const date = businessDate(after.startsAt);
      const emailIds = await write(tx, [
        after.email
          ? {
              ...reservationMovedEmail(after.email, facts, ics, url('/perfil')),
              dedupeKey: bookedKey(after.id, after.email),
            }
          : null,
        ...(await staff(tx)).map((to) => ({
          ...reservationMovedAdminEmail(
            to,
            { ...facts, bookedBy: after.bookedByName ?? null },
            ics,
            url(`/admin/reservaciones?fecha=${date}`),
          ),
          dedupeKey: bookedKey(after.id, to),
        })),
      ]);
      return { emailIds };
    },
    async sessionBookedDelivery(db, session) {
      if (!options.outbox.enabled) return 'off';
      const recipients = [...(session.email ? [session.email] : []), ...(await staff(db))];
      const states = await statusesByKey(
        db,
        recipients.map((to) => bookedKey(session.id, to)),
      );
      return states.every((status) => status === 'sent') ? 'sent' : 'delayed';
    },
    async sessionCancelled(tx, session) {
      await deletePendingByKey(tx, reminderKey(session.id));
      await dropWhatsApp(tx, [session.id]);
      await whatsapp(tx, 'cancelled', [{ session, credits: session.refunded }]);
      if (!session.email) return;
      await write(tx, [
        reservationCancelledEmail(
          session.email,
          { ...reservation(session), refunded: session.refunded },
          invite(session, 'CANCEL'),
        ),
      ]);
    },
    async waitlistBooked(tx, session) {
      await whatsapp(tx, 'waitlist', [{ session, credits: session.charged }]);
      const facts = reservation(session);
      const ics = invite(session, 'REQUEST');
      const emailIds = await write(tx, [
        session.email
          ? {
              ...waitlistBookedEmail(
                session.email,
                { ...facts, charged: session.charged },
                ics,
                url('/perfil'),
              ),
              dedupeKey: bookedKey(session.id, session.email),
            }
          : null,
        ...(await staff(tx)).map((to) => ({
          ...newReservationAdminEmail(
            to,
            { ...facts, bookedBy: 'Lista de espera (reservación automática)' },
            ics,
            url(`/admin/reservaciones?fecha=${businessDate(session.startsAt)}`),
          ),
          dedupeKey: bookedKey(session.id, to),
        })),
      ]);
      return { emailIds };
    },
    async waitlistFreed(tx, freed) {
      const date = businessDate(freed.startsAt);
      const hour = businessTime(freed.startsAt);
      // The wizard opens on that hour of that branch: the client only picks the room.
      const query = new URLSearchParams({
        zona: freed.cityId,
        sucursal: freed.branchId,
        dia: date,
        hora: hour,
      });
      const when = formatSessionWhen(date, hour);
      await write(
        tx,
        freed.people.map((person) =>
          waitlistFreedEmail(
            person.email,
            { name: person.name, cityName: freed.cityName, branchName: freed.branchName, when },
            url(`/reserva?${query}`),
          ),
        ),
      );
    },
    async remindersDue(tx, sessions) {
      await whatsapp(
        tx,
        'reminder',
        sessions.map((session) => ({ session })),
      );
      const emails = [];
      // "Comunícate con la recepción" with the business's numbers (issue 39).
      const contact = sessions.length > 0 ? await businessContact(tx) : NO_BUSINESS_CONTACT;
      for (const session of sessions) {
        if (!session.email) continue;
        // A voluntary message: it says how to stop it, in one click and without a login (RFC 8058).
        const token = session.userId
          ? await signSubject(tx, 'unsubscribe-reminders', session.userId, options.db)
          : null;
        emails.push(
          sessionReminderEmail(
            session.email,
            reservation(session),
            session.id,
            url('/perfil'),
            token
              ? {
                  pageUrl: url(`/baja-recordatorios?token=${token}`),
                  oneClickUrl: url(`/api/unsubscribe/reminders?token=${token}`),
                }
              : undefined,
            contact,
          ),
        );
      }
      await write(tx, emails);
    },
    async clientRegistered(tx, client) {
      await write(
        tx,
        (await staff(tx)).map((to) => newClientRegisteredEmail(to, client, url('/admin/usuarios'))),
      );
    },
    async passwordResetRequested(tx, account) {
      const resetUrl = url(`/registro/restablecer?token=${account.token}`);
      await write(tx, [passwordResetEmail(account.email, account.name, resetUrl)]);
    },
    async emailChanged(tx, account) {
      await write(tx, [
        emailChangedEmail(account.oldEmail, { name: account.name, newEmail: account.newEmail }),
      ]);
    },
    async emailChangeRequested(tx, account) {
      const emailIds = await write(tx, [
        confirmNewEmailEmail(
          account.newEmail,
          account.name,
          url(`/perfil/confirmar-correo?token=${account.token}`),
        ),
      ]);
      return { emailIds };
    },
    async accountClosed(tx, account) {
      await write(tx, [accountClosedEmail(account.email, account)]);
    },
    async creditsExpiring(tx, warnings) {
      await queueCreditMessages(tx, warnings, url('/reserva'));
      await write(
        tx,
        warnings.map((warning) => creditsExpiringEmail(warning.email, warning, url('/reserva'))),
      );
    },
    async clientCreatedAtDesk(tx, client) {
      await write(tx, [
        welcomeClientEmail(
          client.email,
          client.name,
          url('/registro/iniciar-sesion'),
          url('/aviso-de-privacidad'),
        ),
      ]);
    },
    async forgetMessagesTo(tx, address) {
      await deleteMessagesTo(tx, address);
    },
    async purchaseCompleted(tx, purchase) {
      await write(tx, [
        purchaseReceiptEmail(
          purchase.email,
          {
            name: purchase.name,
            folio: purchase.folio,
            lines: priced(purchase.lines),
            totalCents: purchase.totalCents,
            credits: purchase.credits,
            balance: purchase.balance,
            method: purchase.method,
          },
          url('/perfil/mis-pedidos'),
        ),
      ]);
    },
    async invoiceIssued(tx, invoice) {
      await write(tx, [invoiceIssuedEmail(invoice, url('/perfil/mis-pedidos'))]);
    },
    async paymentPending(tx, order) {
      const pay = order.instructions;
      // Only its size here: the PNG is drawn when the e-mail is delivered, outside this transaction (decision 043).
      const barcode = pay.kind === 'oxxo' ? oxxoBarcodeSize(pay.number) : undefined;
      await write(tx, [
        paymentPendingEmail(
          order.email,
          {
            name: order.name,
            folio: order.folio,
            lines: priced(order.lines),
            totalCents: order.totalCents,
            credits: order.credits,
            instructions: order.instructions,
          },
          url('/perfil/mis-pedidos'),
          barcode,
        ),
      ]);
    },
    async posSale(tx, receipt) {
      return { emailIds: await write(tx, [posReceiptEmail(receipt, url('/perfil/mis-pedidos'))]) };
    },
    calendarFile: invite,
    async sendNow({ emailIds }) {
      if (!options.outbox.enabled) return 'off';
      return (await options.outbox.deliverNow(emailIds)) ? 'sent' : 'delayed';
    },
  };
}
