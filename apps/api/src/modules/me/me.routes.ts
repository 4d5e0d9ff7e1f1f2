import { ZSessionUser } from '@sala/shared/auth/session.contract';
import { ZCancelSeriesResponse, ZMySeriesResponse } from '@sala/shared/bookings/series.contract';
import { ZMyWaitlistResponse } from '@sala/shared/bookings/waitlist.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import { ZMyCreditLotsResponse } from '@sala/shared/credits/credit-lots.contract';
import {
  ZMyOrdersQuery,
  ZMyOrdersResponse,
  ZMySession,
  ZMySessionsQuery,
  ZMySessionsResponse,
  ZUpdateMyProfileRequest,
} from '@sala/shared/users/profile.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import { calendarOf, listSessionsOf, mySession } from '../bookings/bookings.service';
import { cancelSeriesRest, listMySeries } from '../bookings/series.service';
import { leaveWaitlist, listMyWaitlist } from '../bookings/waitlist.service';
import { myLots } from '../credits/lots.service';
import { listOrdersOf } from '../orders/orders.service';
import { rectifyOwnProfile } from '../privacy/privacy.service';

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
    async (request) => listSessionsOf(actingCtx(request), request.query),
  );

  app.get(
    '/me/sessions/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Una de mis sesiones', params: ZIdParams, response: { 200: ZMySession } },
    },
    async (request) => mySession(actingCtx(request), { id: request.params.id }),
  );

  app.get(
    '/me/series',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis reservas fijas con sesiones por venir',
        response: { 200: ZMySeriesResponse },
      },
    },
    async (request) => listMySeries(actingCtx(request)),
  );

  app.post(
    '/me/series/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancelar las sesiones que faltan de una reserva fija (las de más de 24 h)',
        params: ZIdParams,
        response: { 200: ZCancelSeriesResponse },
      },
    },
    async (request) => cancelSeriesRest(actingCtx(request), { id: request.params.id }),
  );

  app.get(
    '/me/waitlist',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis listas de espera (horas por venir)',
        response: { 200: ZMyWaitlistResponse },
      },
    },
    async (request) => listMyWaitlist(actingCtx(request)),
  );

  app.delete(
    '/me/waitlist/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Salir de una lista de espera', params: ZIdParams },
    },
    async (request, reply) => {
      await leaveWaitlist(actingCtx(request), { id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/me/sessions/:id/calendar',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Una de mis sesiones para el calendario (.ics)', params: ZIdParams },
    },
    async (request, reply) => {
      const ics = await calendarOf(actingCtx(request), { id: request.params.id });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="sesion-sala-comun.ics"')
        .send(ics);
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
    async (request) => listOrdersOf(actingCtx(request), request.query),
  );

  app.get(
    '/me/credit-lots',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis créditos por paquete, con su vencimiento',
        response: { 200: ZMyCreditLotsResponse },
      },
    },
    async (request) => {
      const ctx = actingCtx(request);
      return myLots(ctx.db, ctx.actor.id, ctx.now);
    },
  );

  app.patch(
    '/me/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Corregir mi nombre y teléfono (el correo es el acceso y no cambia)',
        body: ZUpdateMyProfileRequest,
        response: { 200: ZSessionUser },
      },
    },
    async (request) => rectifyOwnProfile(actingCtx(request), request.body),
  );
};
