import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZOrderListQuery,
  ZOrderListResponse,
  ZOrderTicket,
  ZSendTicketRequest,
} from '@sala/shared/orders/orders.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './orders.service';

/** Orders of the store and the point of sale (docs/business-rules.md §2 Ordenes): the super admin lists and cancels them. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['órdenes'];

  app.get(
    '/orders',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Órdenes (paginado; búsqueda por cliente)',
        querystring: ZOrderListQuery,
        response: { 200: ZOrderListResponse },
      },
    },
    async (request) => service.listOrders(actingCtx(request), request.query),
  );

  app.get(
    '/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Una orden completa (detalle y ticket)',
        params: ZIdParams,
        response: { 200: ZOrderTicket },
      },
    },
    async (request) => service.orderTicket(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/orders/:id/send-ticket',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Enviar el ticket de una venta del punto de venta por correo (p. ej. al público en general)',
        params: ZIdParams,
        body: ZSendTicketRequest,
      },
    },
    async (request, reply) => {
      await service.sendTicket(actingCtx(request), { id: request.params.id, email: request.body.email });
      return reply.status(204).send();
    },
  );
};
