import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZCost,
  ZCostListQuery,
  ZCostListResponse,
  ZSaveCostRequest,
} from '@sala/shared/costs/costs.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './costs.service';

/** Expenses (docs/business-rules.md §2 Gastos): the super admin records, edits and deletes them. */
export const costRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gastos'];

  app.get(
    '/costs',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Gastos (paginado)',
        querystring: ZCostListQuery,
        response: { 200: ZCostListResponse },
      },
    },
    async (request) => service.listCostPage(actingCtx(request), request.query),
  );

  app.post(
    '/costs',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Registrar un gasto (monto en pesos; se guarda en centavos)',
        body: ZSaveCostRequest,
        response: { 201: ZCost },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCost(actingCtx(request), request.body)),
  );

  app.patch(
    '/costs/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Editar un gasto',
        params: ZIdParams,
        body: ZSaveCostRequest,
        response: { 200: ZCost },
      },
    },
    async (request) =>
      service.updateCost(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.delete(
    '/costs/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Eliminar un gasto', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteCost(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
};
