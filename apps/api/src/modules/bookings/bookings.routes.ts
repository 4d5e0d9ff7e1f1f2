import {
  ZCancelSessionResponse,
  ZCreateSessionRequest,
  ZCreateSessionResponse,
  ZDayGridQuery,
  ZDayGridResponse,
  ZRescheduleSessionRequest,
  ZRescheduleSessionResponse,
  ZStaffCreateSessionRequest,
  ZStaffSessionsQuery,
  ZStaffSessionsResponse,
} from '@sala/shared/bookings/bookings.contract';
import {
  ZCreateSeriesRequest,
  ZCreateSeriesResponse,
  ZSeriesPreviewRequest,
  ZSeriesPreviewResponse,
  ZStaffCreateSeriesRequest,
  ZStaffSeriesPreviewRequest,
} from '@sala/shared/bookings/series.contract';
import { ZJoinWaitlistRequest, ZWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './bookings.service';
import * as series from './series.service';
import * as waitlist from './waitlist.service';

/** Sessions (spec's "sessions"): clients book and cancel their own; staff see the days; the super admin acts for others. */
export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reservas'];

  app.post(
    '/sessions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Reservar una sesión (el cliente, para sí)',
        body: ZCreateSessionRequest,
        response: { 201: ZCreateSessionResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.bookForSelf(actingCtx(request), request.body)),
  );

  app.post(
    '/waitlist',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Lista de espera de una hora llena ("Avísame si se libera")',
        body: ZJoinWaitlistRequest,
        response: { 201: ZWaitlistEntry },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await waitlist.joinWaitlist(actingCtx(request), request.body)),
  );

  app.post(
    '/sessions/series/preview',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Reserva fija: cada fecha de la serie con su estado (no reserva nada)',
        body: ZSeriesPreviewRequest,
        response: { 200: ZSeriesPreviewResponse },
      },
    },
    async (request) => series.previewSeries(actingCtx(request), request.body, { kind: 'self' }),
  );

  app.post(
    '/sessions/series',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Reserva fija: reserva las fechas que la vista previa mostró como disponibles, todas o ninguna',
        body: ZCreateSeriesRequest,
        response: { 201: ZCreateSeriesResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await series.createSeries(actingCtx(request), request.body, { kind: 'self' })),
  );

  app.post(
    '/staff/sessions/series/preview',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Reserva fija por un cliente: cada fecha con su estado',
        body: ZStaffSeriesPreviewRequest,
        response: { 200: ZSeriesPreviewResponse },
      },
    },
    async (request) => {
      const { clientId, ...ask } = request.body;
      return series.previewSeries(actingCtx(request), ask, { kind: 'client', userId: clientId });
    },
  );

  app.post(
    '/staff/sessions/series',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Reserva fija por un cliente (con sus créditos)',
        body: ZStaffCreateSeriesRequest,
        response: { 201: ZCreateSeriesResponse },
      },
    },
    async (request, reply) => {
      const { clientId, ...input } = request.body;
      return reply
        .status(201)
        .send(await series.createSeries(actingCtx(request), input, { kind: 'client', userId: clientId }));
    },
  );

  app.post(
    '/sessions/:id/reschedule',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Cambiar una sesión a otra hora libre (la propia con más de 24 h, o cualquiera un super administrador)',
        params: ZIdParams,
        body: ZRescheduleSessionRequest,
        response: { 200: ZRescheduleSessionResponse },
      },
    },
    async (request) => {
      const { idempotencyKey, ...slot } = request.body;
      return service.rescheduleSession(actingCtx(request), {
        id: request.params.id,
        slot,
        key: idempotencyKey,
      });
    },
  );

  app.post(
    '/sessions/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Cancelar una sesión (la propia con más de 24 h, o cualquiera futura un super administrador)',
        params: ZIdParams,
        response: { 200: ZCancelSessionResponse },
      },
    },
    async (request) => service.cancelSession(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/staff/sessions',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Reservar por un cliente (con sus créditos) o una sesión de cortesía',
        body: ZStaffCreateSessionRequest,
        response: { 201: ZCreateSessionResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.bookForOthers(actingCtx(request), request.body)),
  );

  app.get(
    '/staff/sessions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Las sesiones de un día (con las canceladas, para el historial)',
        querystring: ZStaffSessionsQuery,
        response: { 200: ZStaffSessionsResponse },
      },
    },
    async (request) => service.listStaffSessionsPage(actingCtx(request), request.query),
  );

  app.get(
    '/staff/sessions/grid',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Salas × horas de una sucursal en un día: libre, reservada o bloqueada',
        querystring: ZDayGridQuery,
        response: { 200: ZDayGridResponse },
      },
    },
    async (request) => service.dayGrid(actingCtx(request), request.query),
  );
};
