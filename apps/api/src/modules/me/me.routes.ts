import {
  ZMyOrdersQuery,
  ZMyOrdersResponse,
  ZMySessionsQuery,
  ZMySessionsResponse,
} from '@sala/shared/users/profile.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPage } from '../../lib/paging';
import { listOrdersOfUser, listSessionsOfUser } from './me.repository';

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
    async (request) => {
      const { page, pageSize, dir, q } = request.query;
      const rows = await listSessionsOfUser(app.database.db, request.user!.id, { page, pageSize, dir, q });
      return toPage(rows, { page, pageSize }, (row) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
      }));
    },
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
    async (request) => {
      const { page, pageSize, dir, sort, q } = request.query;
      const rows = await listOrdersOfUser(app.database.db, request.user!.id, {
        page,
        pageSize,
        dir,
        sort,
        q,
      });
      return toPage(rows, { page, pageSize }, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
};
