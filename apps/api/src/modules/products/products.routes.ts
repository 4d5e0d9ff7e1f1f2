import { ZIdParams, ZSetActiveRequest } from '@sala/shared/common/fields';
import {
  ZProduct,
  ZProductListQuery,
  ZProductListResponse,
  ZSaveProductRequest,
} from '@sala/shared/products/products.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './products.service';

/** Products of the online store and the point of sale: staff read them, the super admin alone changes them. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['productos'];

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
    async (request) => service.listProductPage(actingCtx(request), request.query),
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
      reply.status(201).send(await service.createProduct(actingCtx(request), request.body)),
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
      service.updateProduct(actingCtx(request), { id: request.params.id, values: request.body }),
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
      service.setProductActive(actingCtx(request), {
        id: request.params.id,
        isActive: request.body.isActive,
      }),
  );
};
