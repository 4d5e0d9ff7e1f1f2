import { ZStaffBranchRequest } from '@sala/shared/auth/staff-security.contract';
import { ZIdParams, ZSetActiveRequest } from '@sala/shared/common/fields';
import {
  ZClientSearchQuery,
  ZClientSearchResponse,
  ZCreateClientRequest,
  ZUpdateUserRequest,
  ZUser,
  ZUserListQuery,
  ZUserListResponse,
} from '@sala/shared/users/users.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as users from './users.service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];

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
    async (request) => users.listUserPage(actingCtx(request), request.query),
  );

  app.post(
    '/users',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Registrar a un cliente en recepción (recibió el aviso de privacidad)',
        body: ZCreateClientRequest,
        response: { 201: ZUser },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await users.createClientAtDesk(actingCtx(request), request.body)),
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
    async (request) => users.searchClients(actingCtx(request), { q: request.query.q }),
  );

  app.get(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Perfil de un usuario', params: ZIdParams, response: { 200: ZUser } },
    },
    async (request) => users.getUser(actingCtx(request), { id: request.params.id }),
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
    async (request) => users.updateUser(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.put(
    '/users/:id/branch',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'La sucursal de un miembro del personal, y si solo trabaja en ella',
        params: ZIdParams,
        body: ZStaffBranchRequest,
        response: { 200: ZUser },
      },
    },
    async (request) => users.setStaffBranch(actingCtx(request), { id: request.params.id, ...request.body }),
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
      users.setUserActive(actingCtx(request), { id: request.params.id, isActive: request.body.isActive }),
  );
};
