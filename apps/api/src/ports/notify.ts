import type { DbOrTx } from '@sala/db/client';
import type { TPaymentInstructions as PaymentInstructions } from '@sala/shared/store/store.contract';

/**
 * The notifications port (docs/architecture.md "Ports"): the words the domain uses to say what happened. It sits
 * at the bottom of the API (it imports no module), so `context.ts` can carry it and every module can speak it; the
 * mail module implements it (modules/mail/notify.ts, `createNotify`).
 */

/** What happened to a session, as the domain knows it: its place, its time and who holds it. */
export type SessionFacts = {
  id: string;
  startsAt: Date;
  cityName: string;
  branchName: string;
  /** The branch's street address (a WhatsApp message and the calendar say where); the zone when blank. */
  branchAddress?: string;
  roomName: string;
  holderName: string;
  /** The client's address; none for a courtesy session. */
  email: string | null;
  /** Who booked it, when someone booked it for the holder. */
  bookedByName?: string | null;
  /** The holder's account (a reminder's unsubscribe link is signed for it); none for a courtesy session. */
  userId?: string | null;
  /** The calendar event it continues (a rescheduled session keeps the first one's UID), and its sequence. */
  calendarUid?: string | null;
  calendarSequence?: number;
};

/** An online purchase the store completed. */
export type PurchaseFacts = {
  email: string;
  name: string;
  /** The order's folio for people (issue 39). */
  folio: number;
  /** How it was paid (the receipt's total says so); a card unless told. */
  method?: 'card' | 'oxxo' | 'spei';
  lines: { name: string; quantity: number; amountCents: number }[];
  totalCents: number;
  credits: number;
  balance: number;
};

/** Messages written in one transaction, to try at once after it commits. */
export type Queued = { emailIds: string[] };

/** How the e-mails of a change went out: at once, left to the outbox's retries, or not at all (no mail server). */
export type MailDelivery = 'sent' | 'delayed' | 'off';

/**
 * The notifications port (docs/architecture.md): domain code says what happened, in the transaction of the change,
 * and the mail module alone decides who hears of it, in which words, with which attachments, and when it is sent.
 * Every method writes to the outbox in the caller's transaction, so a message exists exactly when its change does.
 */
export type Notify = {
  /** Whether this process sends mail at all (a mail server is configured); otherwise the outbox only keeps it. */
  readonly mailServer: boolean;
  sessionBooked(tx: DbOrTx, session: SessionFacts): Promise<Queued>;
  /** A standing slot: one confirmation listing every date, one calendar file with an event per session. */
  seriesBooked(
    tx: DbOrTx,
    series: { id: string; everyWeeks: 1 | 2; sessions: SessionFacts[] },
  ): Promise<Queued>;
  /** A standing slot's remaining sessions, cancelled at once: one e-mail, one calendar update (drops reminders). */
  seriesCancelled(tx: DbOrTx, series: { sessions: SessionFacts[]; refunded: number }): Promise<void>;
  /** How a series' messages stand now (a retried confirmation's answer). */
  seriesBookedDelivery(db: DbOrTx, series: { id: string; email: string | null }): Promise<MailDelivery>;
  /** How a booking's messages stand now (a retried booking's answer): sent only when every one of them is. */
  sessionBookedDelivery(db: DbOrTx, session: { id: string; email: string | null }): Promise<MailDelivery>;
  /**
   * A session moved (the old one cancelled, the new one booked): the client and the staff hear where it is now,
   * with the calendar event moved (same UID, next SEQUENCE); the old session's reminder is dropped.
   */
  sessionRescheduled(tx: DbOrTx, moved: { before: SessionFacts; after: SessionFacts }): Promise<Queued>;
  /** Also drops the session's reminder if it has not gone out. */
  sessionCancelled(tx: DbOrTx, session: SessionFacts & { refunded: number }): Promise<void>;
  /**
   * The waitlist booked a freed room for a client who asked for it: the client's confirmation (how it came about,
   * what it cost) and the staff's usual notice, each with the invitation.
   */
  waitlistBooked(tx: DbOrTx, session: SessionFacts & { charged: number }): Promise<Queued>;
  /** A room of a full hour is free again: each person still in its line hears of it, with a link to book it. */
  waitlistFreed(
    tx: DbOrTx,
    freed: {
      cityId: string;
      cityName: string;
      branchId: string;
      branchName: string;
      startsAt: Date;
      people: { name: string; email: string }[];
    },
  ): Promise<void>;
  remindersDue(tx: DbOrTx, sessions: SessionFacts[]): Promise<void>;
  clientRegistered(tx: DbOrTx, client: { name: string; email: string; phone: string }): Promise<void>;
  passwordResetRequested(tx: DbOrTx, account: { name: string; email: string; token: string }): Promise<void>;
  emailChanged(tx: DbOrTx, account: { name: string; oldEmail: string; newEmail: string }): Promise<void>;
  /** Rectification: the link that confirms a new e-mail, to that address. */
  emailChangeRequested(
    tx: DbOrTx,
    account: { name: string; newEmail: string; token: string },
  ): Promise<Queued>;
  /** Cancellation: the account's owner hears that it is closed, and what happened to its credits. */
  accountClosed(
    tx: DbOrTx,
    account: {
      name: string;
      email: string;
      creditsClosed: number;
      retentionYears: number;
      privacyEmail: string | null;
    },
  ): Promise<void>;
  /**
   * Credits about to expire (issue 44): each lot's warning, 7 days and 1 day before its last day, once each (an
   * e-mail, and a WhatsApp message where the client has it on).
   */
  creditsExpiring(tx: DbOrTx, warnings: CreditExpiryFacts[]): Promise<void>;
  /** A client registered at the desk: the account is ready, the password theirs to choose. */
  clientCreatedAtDesk(tx: DbOrTx, client: { name: string; email: string }): Promise<void>;
  /** Suppression: the messages kept for an address go (they hold the person's name and details). */
  forgetMessagesTo(tx: DbOrTx, address: string): Promise<void>;
  purchaseCompleted(tx: DbOrTx, purchase: PurchaseFacts): Promise<void>;
  /** How to pay a pending OXXO or SPEI order (issue 24): the voucher or the transfer's account. */
  paymentPending(
    tx: DbOrTx,
    order: Omit<PurchaseFacts, 'balance' | 'method'> & { instructions: PaymentInstructions },
  ): Promise<void>;
  /** The point of sale's receipt (to the client's address, or the one given at the counter); its messages. */
  posSale(tx: DbOrTx, receipt: PosReceipt): Promise<Queued>;
  /** A stamped invoice (issue 42), to the client's invoice address with its PDF and XML attached. */
  invoiceIssued(tx: DbOrTx, invoice: InvoiceFacts): Promise<void>;
  /** A session's calendar invitation (.ics), REQUEST while it stands and CANCEL once cancelled. */
  calendarFile(session: SessionFacts, method: 'REQUEST' | 'CANCEL'): string;
  /**
   * One bounded attempt, after the change committed, at the messages it queued (the outbox worker's own send);
   * what is not delivered stays with the worker's retries.
   */
  sendNow(queued: Queued): Promise<MailDelivery>;
};

/** A lot's warning before it expires (issue 44). */
export type CreditExpiryFacts = {
  userId: string;
  name: string;
  email: string;
  lotId: string;
  /** What is left of the lot, and its last day (YYYY-MM-DD). */
  credits: number;
  expiresOn: string;
  /** Which warning: 7 or 1 days before. */
  days: number;
};

/** A stamped CFDI as its e-mail tells it (issue 42). */
export type InvoiceFacts = {
  email: string;
  name: string;
  series: string;
  folioNumber: number;
  uuid: string;
  totalCents: number;
  /** The sale's folio (A-00123), when the invoice is a sale's. */
  orderFolio: number | null;
  pdfBase64: string;
  xml: string;
  isTest: boolean;
};

/** The point of sale's receipt, as the sale knows it. */
export type PosReceipt = {
  /** The order's folio for people (issue 39). */
  folio: number;
  createdAt: Date;
  branchName: string;
  cashierName: string;
  items: { name: string; quantity: number; unitPriceCents: number; credits: number }[];
  totalCents: number;
  paidCashCents: number;
  paidCardCents: number;
  paidTransferCents: number;
  changeCents: number;
  creditsGranted: number;
  client: { name: string; email: string | null };
};
