import { ZIdParams, ZSetActiveRequest } from '@sala/shared/common/fields';
import {
  ZClientSearchQuery,
  ZClientSearchResponse,
  ZUpdateUserRequest,
  ZUser,
  ZUserListQuery,
  ZUserListResponse,
} from '@sala/shared/users/users.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as users from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];
  const db = () => app.database.db;

  app.get(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Usuarios (paginado en el servidor)',
        querystring: ZUserListQuery,
        response: { 200: ZUserListResponse },
      },
    },
    async (request) => users.listUserPage({ db: db(), actor: request.user!, query: request.query }),
  );

  app.get(
    '/users/clients',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Clientes activos por nombre, correo o teléfono (para elegir uno)',
        querystring: ZClientSearchQuery,
        response: { 200: ZClientSearchResponse },
      },
    },
    async (request) => users.searchClients({ db: db(), actor: request.user!, q: request.query.q }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Perfil de un usuario', params: ZIdParams, response: { 200: ZUser } },
    },
    async (request) => users.getUser({ db: db(), actor: request.user!, id: request.params.id }),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Editar un usuario',
        params: ZIdParams,
        body: ZUpdateUserRequest,
        response: { 200: ZUser },
      },
    },
    async (request) =>
      users.updateUser({ db: db(), actor: request.user!, id: request.params.id, input: request.body }),
  );

  app.patch(
    '/users/:id/active',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Activar o desactivar un usuario',
        params: ZIdParams,
        body: ZSetActiveRequest,
        response: { 200: ZUser },
      },
    },
    async (request) =>
      users.setUserActive({
        db: db(),
        actor: request.user!,
        id: request.params.id,
        isActive: request.body.isActive,
      }),
  );
};
