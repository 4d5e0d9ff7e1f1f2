import {
  ZBranchCalendarFeeds,
  ZCalendarFeedAddress,
  ZFeedRevoked,
  ZMyCalendarFeed,
} from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { actingCtx } from '../../plugins/context';
import {
  listBranchFeeds,
  myCalendarFeed,
  replaceBranchFeed,
  replaceMyCalendarFeed,
  revokeBranchFeed,
  revokeMyCalendarFeed,
  serveFeed,
} from './calendar-feeds.service';

/** Making, replacing and revoking the secret addresses (issue 43), under /api. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendario'];
  const { publicUrl } = app.config;

  app.get(
    '/me/calendar-feed',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Si tengo dirección de calendario', response: { 200: ZMyCalendarFeed } },
    },
    async (request) => myCalendarFeed(actingCtx(request)),
  );

  app.post(
    '/me/calendar-feed',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Crear o cambiar mi dirección de calendario (la anterior deja de funcionar)',
        response: { 200: ZCalendarFeedAddress },
      },
    },
    async (request) => replaceMyCalendarFeed(actingCtx(request), { publicUrl }),
  );

  app.delete(
    '/me/calendar-feed',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Desactivar mi dirección de calendario', response: { 200: ZFeedRevoked } },
    },
    async (request) => revokeMyCalendarFeed(actingCtx(request)),
  );

  app.get(
    '/branches/calendar-feeds',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Calendarios del personal por sucursal',
        response: { 200: ZBranchCalendarFeeds },
      },
    },
    async (request) => listBranchFeeds(actingCtx(request)),
  );

  app.post(
    '/branches/:id/calendar-feed',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Crear o cambiar la dirección del calendario del personal de una sucursal',
        params: ZIdParams,
        response: { 200: ZCalendarFeedAddress },
      },
    },
    async (request) => replaceBranchFeed(actingCtx(request), { branchId: request.params.id, publicUrl }),
  );

  app.delete(
    '/branches/:id/calendar-feed',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Revocar la dirección del calendario del personal de una sucursal',
        params: ZIdParams,
        response: { 200: ZFeedRevoked },
      },
    },
    async (request) => revokeBranchFeed(actingCtx(request), { branchId: request.params.id }),
  );
};

/**
 * GET /calendario/TOKEN.ics: the feed itself, outside /api (calendar apps subscribe to it by its address). No
 * login; the token is the key. Answers 304 to a calendar that has this version already.
 */
export const calendarFeedFileRoute: FastifyPluginAsyncZod = async (app) => {
  const { publicUrl } = app.config;
  app.get(
    '/calendario/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendario'],
        summary: 'Calendario suscrito (iCalendar): las sesiones de un cliente o de una sucursal',
        params: z.object({ file: z.string().max(200) }),
        headers: z.object({ 'if-none-match': z.string().max(2000).optional() }),
      },
    },
    async (request, reply) => {
      const answer = await serveFeed(request.ctx, {
        file: request.params.file,
        ifNoneMatch: request.headers['if-none-match'],
        publicUrl,
      });
      if (answer.status === 404) throw new AppError('not-found', commonMessages.routeNotFound);
      reply
        .header('etag', answer.etag)
        .header('cache-control', 'private, no-cache')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
      if (answer.status === 304) return reply.code(304).send();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="sala-comun.ics"')
        .send(answer.body);
    },
  );
};
