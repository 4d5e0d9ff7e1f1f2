import type { Db, DbOrTx } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Invoicing } from './lib/invoicing/pac';
import type { PayMethod, PaymentGateway } from './lib/payments/gateway';
import type { Notify } from './ports/notify';

/**
 * What every service call receives first: `service(ctx, input)`. Built once per request by plugins/context.ts
 * (routes pass `request.ctx`, or `actingCtx(request)` behind a route that needs a login); tests and workers
 * build their own. It carries the request's ports — the database, who acts, the clock of this request, the
 * logger and the outside services — so no configuration travels through business code.
 */
export type RequestContext<A extends TSessionUser | null = TSessionUser | null> = {
  db: Db;
  /** The signed-in person, or null on a public route without a login. */
  actor: A;
  /** The instant the request is decided at: every rule of one request reads this one clock. */
  now: Date;
  log: FastifyBaseLogger;
  /** The client's address (behind TRUST_PROXY's proxies), for the per-address limits. */
  ip: string;
  /** The payment gateway chosen at boot (Stripe, or the test gateway). */
  payments: PaymentGateway;
  /** What the store takes (PAYMENT_METHODS) and how long an OXXO voucher lasts (issue 24). */
  paymentOptions: PaymentOptions;
  /** Who hears of what happened, and how (modules/mail/notify.ts). */
  notify: Notify;
  /** The PAC that stamps invoices, and its queue (issue 42). */
  invoicing: Invoicing;
  /** How a change to an account ends its logins (the auth module's sessions, wired in plugins/context.ts). */
  access: AccountAccess;
  /** The business counters of /api/metrics (plugins/metrics.ts): told after a change commits. */
  metrics: BusinessMetrics;
};

/** What the owner and the operator count: bookings, cancels and sales, once each (never a replayed request). */
export type BusinessMetrics = {
  sessionBooked(by: 'client' | 'staff'): void;
  sessionCancelled(): void;
  sale(channel: 'pos' | 'online'): void;
  orderCancelled(): void;
};

/**
 * The auth module's answer to an account change, handed to the users module as a port so that users never
 * imports auth (auth reads and creates accounts through users: one direction only).
 */
export type AccountAccess = {
  /** Every login of the user ends (a reactivated account starts over). */
  endLogins(tx: DbOrTx, userId: string): Promise<void>;
  /** A changed e-mail ends every login and voids the reset links sent to the old address. */
  endAfterEmailChange(tx: DbOrTx, userId: string, now: Date): Promise<void>;
};

/** The context of a route that requires a login (`access` other than `public`): an actor is always there. */
export type ActingContext = RequestContext<TSessionUser>;

/** What a background job (the reminders, the purge) works with: no request, no actor, its own clock. */
export type JobContext = Pick<RequestContext, 'db' | 'now' | 'notify'>;

/** What the store takes (PAYMENT_METHODS, in order) and how long an OXXO voucher lasts (issue 24). */
export type PaymentOptions = { methods: PayMethod[]; oxxoExpiresDays: number };
