import { ZAuditQuery, ZAuditResponse } from '@sala/shared/audit/audit.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import { listAuditPage } from './audit.service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['auditoría'],
        summary: 'Bitácora de acciones del personal (quién, cuándo, qué, antes → después)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditResponse },
      },
    },
    async (request) => listAuditPage(actingCtx(request), request.query),
  );
};
