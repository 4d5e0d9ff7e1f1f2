import { ZMessageResponse } from '@sala/shared/auth/auth.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import {
  ZCloseMyAccountRequest,
  ZConfirmEmailChangeRequest,
  ZCreatePrivacyRequestRequest,
  ZMyPrivacy,
  ZPrivacyRequest,
  ZPrivacyRequestListQuery,
  ZPrivacyRequestListResponse,
  ZRequestEmailChangeRequest,
  ZResolvePrivacyRequestRequest,
  ZUnsubscribeRequest,
  ZUpdateMyPreferencesRequest,
} from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { zipStream } from '../../lib/zip-stream';
import { actingCtx } from '../../plugins/context';
import { clearSessionCookie } from '../auth/auth.plugin';
import * as service from './privacy.service';

const sendExport = (reply: FastifyReply, { fileName, files }: service.PersonalDataExport) =>
  reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(zipStream(files));

/** The ARCO rights (docs/business-rules.md D§11): each person's own, and the super admin's list of requests. */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['privacidad'];
  const secure = app.config.isProduction;

  // RFC 8058: a mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` as a form; the token is in
  // the URL. Read as text (this plugin's routes only) and never looked at.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, { form: String(body) }),
    );
  }

  app.get(
    '/me/privacy',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mis datos personales: consentimientos, recordatorios y si puedo eliminar mi cuenta',
        response: { 200: ZMyPrivacy },
      },
    },
    async (request) => service.myPrivacy(actingCtx(request)),
  );

  app.patch(
    '/me/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Oposición: activar o desactivar los recordatorios',
        body: ZUpdateMyPreferencesRequest,
        response: { 200: z.object({ remindersEnabled: z.boolean(), message: z.string() }) },
      },
    },
    async (request) => service.updateMyPreferences(actingCtx(request), request.body),
  );

  app.get(
    '/me/data-export',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Acceso: descargar todo lo que el negocio guarda sobre mí (ZIP con JSON y CSV)',
      },
    },
    async (request, reply) => sendExport(reply, await service.exportMyData(actingCtx(request))),
  );

  app.post(
    '/me/email',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rectificación: cambiar mi correo (se confirma desde el nuevo)',
        body: ZRequestEmailChangeRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => service.requestEmailChange(actingCtx(request), request.body),
  );

  app.post(
    '/me/email/confirm',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirmar el nuevo correo con el enlace que le llegó',
        body: ZConfirmEmailChangeRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.confirmEmailChange(request.ctx, request.body);
      // Every login of the account ended: this browser's too.
      clearSessionCookie(reply, secure);
      return answer;
    },
  );

  app.post(
    '/me/account/close',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancelación: eliminar mi cuenta',
        body: ZCloseMyAccountRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.closeMyAccount(actingCtx(request), request.body);
      clearSessionCookie(reply, secure);
      return answer;
    },
  );

  app.post(
    '/unsubscribe/reminders',
    {
      config: { access: 'public', crossSiteWrite: 'token' },
      schema: {
        tags,
        summary: 'Dejar de recibir recordatorios (un clic, sin sesión; RFC 8058)',
        querystring: z.object({ token: z.string().max(300).optional() }),
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      const body = request.body as { token?: unknown } | undefined;
      const parsed = ZUnsubscribeRequest.safeParse({ token: request.query.token ?? body?.token });
      if (!parsed.success) throw new AppError('invalid-argument', m.unsubscribeInvalid);
      return service.unsubscribeReminders(request.ctx, parsed.data);
    },
  );

  app.get(
    '/privacy/requests',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Solicitudes y acciones ARCO (paginado)',
        querystring: ZPrivacyRequestListQuery,
        response: { 200: ZPrivacyRequestListResponse },
      },
    },
    async (request) => service.listPrivacyRequests(actingCtx(request), request.query),
  );

  app.post(
    '/privacy/requests',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Registrar una solicitud que llegó por correo o en persona',
        body: ZCreatePrivacyRequestRequest,
        response: { 201: ZPrivacyRequest },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPrivacyRequest(actingCtx(request), request.body)),
  );

  app.post(
    '/privacy/requests/:id/resolve',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Dar por atendida o negar una solicitud',
        params: ZIdParams,
        body: ZResolvePrivacyRequestRequest,
        response: { 200: ZPrivacyRequest },
      },
    },
    async (request) =>
      service.resolvePrivacyRequest(actingCtx(request), { id: request.params.id, values: request.body }),
  );

  app.get(
    '/privacy/requests/:id/export',
    {
      config: { access: 'superadmin' },
      schema: { tags, summary: 'Acceso: los datos del cliente, para entregárselos', params: ZIdParams },
    },
    async (request, reply) =>
      sendExport(reply, await service.exportDataFor(actingCtx(request), request.params)),
  );

  app.post(
    '/privacy/requests/:id/close-account',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Cancelación: eliminar la cuenta del cliente',
        params: ZIdParams,
        response: { 200: ZPrivacyRequest },
      },
    },
    async (request) => service.closeAccountFor(actingCtx(request), request.params),
  );

  app.post(
    '/privacy/requests/:id/opt-out',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Oposición: desactivar los recordatorios del cliente',
        params: ZIdParams,
        response: { 200: ZPrivacyRequest },
      },
    },
    async (request) => service.optOutFor(actingCtx(request), request.params),
  );
};
