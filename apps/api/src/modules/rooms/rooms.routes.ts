import { ZIdParams, ZSetActiveRequest } from '@sala/shared/common/fields';
import {
  ZRoom,
  ZRoomListQuery,
  ZRoomListResponse,
  ZRoomOptionsQuery,
  ZRoomOptionsResponse,
  ZSaveRoomRequest,
} from '@sala/shared/locations/rooms.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './rooms.service';

/** Rooms ("salas"): staff read them, the super admin alone changes them. */
export const roomRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['salas'];

  app.get(
    '/rooms',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Salas (paginado)',
        querystring: ZRoomListQuery,
        response: { 200: ZRoomListResponse },
      },
    },
    async (request) => service.listRoomPage(actingCtx(request), request.query),
  );

  app.get(
    '/rooms/options',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Las salas de una sucursal, para elegir una',
        querystring: ZRoomOptionsQuery,
        response: { 200: ZRoomOptionsResponse },
      },
    },
    async (request) =>
      service.listRoomSelectOptions(actingCtx(request), { branchId: request.query.branchId }),
  );

  app.post(
    '/rooms',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Crear una sala', body: ZSaveRoomRequest, response: { 201: ZRoom } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createRoom(actingCtx(request), request.body)),
  );

  app.patch(
    '/rooms/:id',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Editar una sala',
        params: ZIdParams,
        body: ZSaveRoomRequest,
        response: { 200: ZRoom },
      },
    },
    async (request) =>
      service.updateRoom(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.patch(
    '/rooms/:id/active',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Activar o desactivar una sala',
        params: ZIdParams,
        body: ZSetActiveRequest,
        response: { 200: ZRoom },
      },
    },
    async (request) =>
      service.setRoomActive(actingCtx(request), { id: request.params.id, isActive: request.body.isActive }),
  );

  app.delete(
    '/rooms/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Eliminar una sala sin sesiones', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteRoom(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );
};
