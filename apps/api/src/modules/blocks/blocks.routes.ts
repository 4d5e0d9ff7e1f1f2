import {
  ZAffectedSessionsQuery,
  ZAffectedSessionsResponse,
  ZCreateDayBlockRequest,
  ZCreateRoomBlockRequest,
  ZCreateRoomBlockResponse,
  ZDayBlock,
  ZDayBlockListQuery,
  ZDayBlockListResponse,
  ZDeletedCountResponse,
  ZDeleteRoomDayRequest,
  ZRoomBlockListQuery,
  ZRoomBlockListResponse,
} from '@sala/shared/blocks/blocks.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './blocks.service';

/** Bloquear hora (docs/business-rules.md §2): staff read the blocks; the super admin alone creates and removes them. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bloqueos'];

  app.get(
    '/blocks/days',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Días y horas bloqueados de hoy en adelante, y cuántos pasados',
        querystring: ZDayBlockListQuery,
        response: { 200: ZDayBlockListResponse },
      },
    },
    async (request) => service.listDayBlocks(actingCtx(request), request.query),
  );

  app.post(
    '/blocks/days',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Bloquear un día completo o una hora de una sucursal',
        body: ZCreateDayBlockRequest,
        response: { 201: ZDayBlock },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDayBlock(actingCtx(request), request.body)),
  );

  app.delete(
    '/blocks/days/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Quitar un bloqueo de día u hora', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteDayBlock(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/blocks/rooms',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Salas bloqueadas de ahora en adelante, y cuántos bloqueos pasados',
        querystring: ZRoomBlockListQuery,
        response: { 200: ZRoomBlockListResponse },
      },
    },
    async (request) => service.listRoomBlocks(actingCtx(request), request.query),
  );

  app.post(
    '/blocks/rooms',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Bloquear una sala una hora o el día completo (un bloqueo por hora)',
        body: ZCreateRoomBlockRequest,
        response: { 201: ZCreateRoomBlockResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        created: await service.createRoomBlocks(actingCtx(request), request.body),
      }),
  );

  app.delete(
    '/blocks/rooms/:id',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Cancelar un bloqueo de sala', params: ZIdParams },
    },
    async (request, reply) => {
      await service.deleteRoomBlock(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.post(
    '/blocks/rooms/remove-day',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Cancelar todos los bloqueos de una sala en un día',
        body: ZDeleteRoomDayRequest,
        response: { 200: ZDeletedCountResponse },
      },
    },
    async (request) => service.deleteRoomDay(actingCtx(request), request.body),
  );

  app.get(
    '/blocks/affected-sessions',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Sesiones activas dentro de un periodo que se quiere bloquear',
        querystring: ZAffectedSessionsQuery,
        response: { 200: ZAffectedSessionsResponse },
      },
    },
    async (request) => service.affectedSessions(actingCtx(request), request.query),
  );
};
