import {
  ZCreatePosOrderRequest,
  ZPosOrderResponse,
  ZPosProductsResponse,
} from '@sala/shared/pos/pos.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './pos.service';

/** The point of sale (docs/business-rules.md §2, §4, §5): staff sell point-of-sale products to a client at a branch. */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['punto de venta'];

  app.get(
    '/pos/products',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Productos activos del punto de venta',
        response: { 200: ZPosProductsResponse },
      },
    },
    async (request) => service.listProducts(actingCtx(request)),
  );

  app.post(
    '/pos/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Cobrar una venta (precios de la base de datos; la misma llave de idempotencia, una sola orden)',
        body: ZCreatePosOrderRequest,
        response: { 200: ZPosOrderResponse, 201: ZPosOrderResponse },
      },
    },
    async (request, reply) => {
      const { created, result } = await service.createSale(actingCtx(request), request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );
};
