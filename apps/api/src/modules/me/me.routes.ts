import {
  ZMyOrdersQuery,
  ZMyOrdersResponse,
  ZMySessionsQuery,
  ZMySessionsResponse,
} from '@sala/shared/users/profile.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSessionsOf } from '../bookings/bookings.service';
import { listOrdersOf } from '../orders/orders.service';

/** The signed-in user's own history: the user id comes from the session, never from the request. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['perfil'];

  app.get(
    '/me/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis sesiones',
        querystring: ZMySessionsQuery,
        response: { 200: ZMySessionsResponse },
      },
    },
    async (request) => listSessionsOf(app.database.db, request.user!.id, request.query),
  );

  app.get(
    '/me/orders',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis compras',
        querystring: ZMyOrdersQuery,
        response: { 200: ZMyOrdersResponse },
      },
    },
    async (request) => listOrdersOf(app.database.db, request.user!.id, request.query),
  );
};
