import { ZIdParams, ZSetActiveRequest } from '@sala/shared/common/fields';
import {
  ZProduct,
  ZProductListQuery,
  ZProductListResponse,
  ZSaveProductRequest,
} from '@sala/shared/products/products.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as service from './products.service';

/** Products of the online store and the point of sale: staff read them, the super admin alone changes them. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];
  const db = () => app.database.db;

  app.get(
    '/products',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Productos (paginado)',
        querystring: ZProductListQuery,
        response: { 200: ZProductListResponse },
      },
    },
    async (request) => service.listProductPage({ db: db(), actor: request.user!, query: request.query }),
  );

  app.post(
    '/products',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Crear un producto (precio en pesos; se guarda en centavos)',
        body: ZSaveProductRequest,
        response: { 201: ZProduct },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createProduct({ db: db(), actor: request.user!, input: request.body })),
  );

  app.patch(
    '/products/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Editar un producto',
        params: ZIdParams,
        body: ZSaveProductRequest,
        response: { 200: ZProduct },
      },
    },
    async (request) =>
      service.updateProduct({ db: db(), actor: request.user!, id: request.params.id, input: request.body }),
  );

  app.patch(
    '/products/:id/active',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Activar o desactivar un producto',
        params: ZIdParams,
        body: ZSetActiveRequest,
        response: { 200: ZProduct },
      },
    },
    async (request) =>
      service.setProductActive({
        db: db(),
        actor: request.user!,
        id: request.params.id,
        isActive: request.body.isActive,
      }),
  );
};
