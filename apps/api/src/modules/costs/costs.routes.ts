import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZCost,
  ZCostListQuery,
  ZCostListResponse,
  ZSaveCostRequest,
} from '@sala/shared/costs/costs.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './costs.service';

/** Expenses (spec §2 Gastos): the super admin records, edits and deletes them. */
export const costRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['gastos'];
  const db = () => app.database.db;

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
    async (request) => service.listCostPage({ db: db(), actor: request.user!, query: request.query }),
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
      reply
        .status(201)
        .send(await service.createCost({ db: db(), actor: request.user!, input: request.body })),
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
      service.updateCost({ db: db(), actor: request.user!, id: request.params.id, input: request.body }),
  );

  app.delete(
    '/costs/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Eliminar un gasto', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteCost({ db: db(), actor: request.user!, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
