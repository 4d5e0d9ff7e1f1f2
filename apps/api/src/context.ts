import type { Db } from '@sala/db/client';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGateway } from './lib/payments/gateway';

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
  /** The card payment gateway chosen at boot (Stripe, or the test gateway). */
  payments: PaymentGateway;
};

/** The context of a route that requires a login (`access` other than `public`): an actor is always there. */
export type ActingContext = RequestContext<TSessionUser>;
