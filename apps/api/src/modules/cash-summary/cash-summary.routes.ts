import { ZCashSummary, ZCashSummaryQuery } from '@sala/shared/cash-summary/cash-summary.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './cash-summary.service';

/** The daily cash summary (docs/business-rules.md §2 Corte). */
export const cashSummaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cash-summary',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['corte'],
        summary: 'Corte de caja de un día (Ciudad de México), de una sucursal o de todas',
        querystring: ZCashSummaryQuery,
        response: { 200: ZCashSummary },
      },
      // Thousands of movements a day: the service builds them typed against the contract, so the response is
      // written directly instead of being re-validated row by row (the schema still documents it).
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => service.cashSummary(actingCtx(request), request.query),
  );
};
