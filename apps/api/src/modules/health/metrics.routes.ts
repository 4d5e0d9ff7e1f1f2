import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A scraper on this machine: the connection itself comes from the loopback and no proxy relayed it (a reverse
 * proxy on the same host connects from 127.0.0.1 too, but says whom it forwards).
 */
function fromThisMachine(request: FastifyRequest) {
  const { headers } = request;
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

/** GET /api/metrics: Prometheus text, for a scraper on this machine or a super admin's session. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics',
    {
      // Decided here, not by the session alone: the loopback reads it without a login.
      config: { access: 'public' },
      schema: {
        tags: ['salud'],
        summary: 'Métricas de Prometheus (desde este equipo, o con sesión de super administrador)',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!fromThisMachine(request)) {
        if (!request.user) throw new AppError('unauthenticated', commonMessages.unauthenticated);
        if (request.user.role !== 'superadmin')
          throw new AppError('permission-denied', commonMessages.permissionDenied);
      }
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
