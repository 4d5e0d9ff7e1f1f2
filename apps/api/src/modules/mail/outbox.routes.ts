import { ZIdParams } from '@sala/shared/common/fields';
import { ZOutboxQuery, ZOutboxResponse, ZRetryOutboxResponse } from '@sala/shared/mail/outbox.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import { listOutboxPage, retryEmail } from './mail.service';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['correos'],
        summary: 'Correos guardados, con su estado de envío',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxResponse },
      },
    },
    async (request) => listOutboxPage(actingCtx(request), request.query),
  );

  app.post(
    '/outbox/:id/retry',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['correos'],
        summary: 'Reintentar un correo fallido',
        params: ZIdParams,
        response: { 200: ZRetryOutboxResponse },
      },
    },
    async (request) => retryEmail(actingCtx(request), { id: request.params.id }),
  );
};
