import { ZCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicCatalog } from './catalog.service';

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
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getPublicCatalog({ db: app.database.db });
    },
  );
};
