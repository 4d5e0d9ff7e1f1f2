import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireThisMachineOrSuperAdmin } from '../../lib/this-machine';

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
      requireThisMachineOrSuperAdmin(request);
      const { registry } = app.metrics;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
};
