import { ZOutboxQuery, ZOutboxResponse } from '@sala/shared/mail/outbox.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOutboxPage } from './mail.service';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['correos'],
        summary: 'Correos guardados',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxResponse },
      },
    },
    async (request) => listOutboxPage(app.database.db, request.query),
  );
};
