import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountAccess, ActingContext, RequestContext } from '../context';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's service context (docs/architecture.md, "One request context"). */
    ctx: RequestContext;
  }
}

/**
 * Builds `request.ctx` once per request, after the auth hook has read the session (registered after
 * registerAuth, so its onRequest hook runs second). `access` is the auth module's answer to an account change,
 * handed in by app.ts (infrastructure imports no module).
 */
export function registerContext(app: FastifyInstance, access: AccountAccess) {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      db: app.database.db,
      actor: request.user,
      now: new Date(),
      log: request.log,
      ip: request.ip,
      payments: app.payments,
      paymentOptions: app.paymentOptions,
      notify: app.notify,
      invoicing: app.invoicing,
      access,
      metrics: app.metrics.business,
    };
  });
}

/** The context of a route behind a login: the auth hook has already refused a request without one. */
export function actingCtx(request: FastifyRequest): ActingContext {
  const { ctx } = request;
  if (!ctx.actor) throw new AppError('unauthenticated', commonMessages.unauthenticated);
  return ctx as ActingContext;
}
