import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZBranch,
  ZBranchListQuery,
  ZBranchListResponse,
  ZBranchOptionsQuery,
  ZBranchOptionsResponse,
  ZDeleteBranchRequest,
  ZSaveBranchRequest,
} from '@sala/shared/locations/branches.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './branches.service';

/** Branches (the spec's "consultorios"): staff read them, the super admin alone changes them. */
export const branchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['consultorios'];

  app.get(
    '/branches',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sucursales (paginado)',
        querystring: ZBranchListQuery,
        response: { 200: ZBranchListResponse },
      },
    },
    async (request) => service.listBranchPage(actingCtx(request), request.query),
  );

  app.get(
    '/branches/options',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Todas las sucursales (de una zona), para elegir una',
        querystring: ZBranchOptionsQuery,
        response: { 200: ZBranchOptionsResponse },
      },
    },
    async (request) => service.listBranchSelectOptions(actingCtx(request), { cityId: request.query.cityId }),
  );

  app.post(
    '/branches',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Crear una sucursal', body: ZSaveBranchRequest, response: { 201: ZBranch } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createBranch(actingCtx(request), request.body)),
  );

  app.patch(
    '/branches/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Editar una sucursal (nombre, zona, costo por sesión y horario)',
        params: ZIdParams,
        body: ZSaveBranchRequest,
        response: { 200: ZBranch },
      },
    },
    async (request) =>
      service.updateBranch(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.delete(
    '/branches/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Eliminar una sucursal sin salas, escribiendo su nombre',
        params: ZIdParams,
        body: ZDeleteBranchRequest,
      },
    },
    async (request, reply) => {
      await service.deleteBranch(actingCtx(request), { id: request.params.id, values: request.body });
      return reply.status(204).send();
    },
  );
};
