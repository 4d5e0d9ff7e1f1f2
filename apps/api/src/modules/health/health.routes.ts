import { commonMessages } from '@sala/shared/errors/messages';
import { ZHealthResponse } from '@sala/shared/health/health.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['salud'], summary: 'El proceso está vivo', response: { 200: ZHealthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['salud'], summary: 'La base de datos responde', response: { 200: ZHealthResponse } },
    },
    async (request) => {
      try {
        await app.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        throw new AppError('unavailable', commonMessages.unavailable);
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
