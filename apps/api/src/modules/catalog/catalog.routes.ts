import { ZCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { ZPublicBranchInfoResponse } from '@sala/shared/locations/branches.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicBranches, getPublicCatalog } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/catalog',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catálogo'],
        summary: 'Paquetes de créditos y servicios a la venta en línea',
        response: { 200: ZCatalogResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicCatalog(request.ctx);
    },
  );
  app.get(
    '/catalog/branches',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catálogo'],
        summary: 'Sucursales con dirección, teléfono, horario, costo por sesión y salas',
        response: { 200: ZPublicBranchInfoResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicBranches(request.ctx);
    },
  );
};
