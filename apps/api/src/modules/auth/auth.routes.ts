import {
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { ZSessionResponse } from '@sala/shared/auth/session.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessContact, needsConsent } from '../legal/legal.service';
import { clearSessionCookie, DEVICE_COOKIE, setDeviceCookie, setSessionCookie } from './auth.plugin';
import * as auth from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.isProduction;
  const tags = ['cuentas'];

  app.get(
    '/auth/session',
    {
      config: { access: 'public', sessionDependent: true },
      schema: { tags, summary: 'Usuario de la sesión actual', response: { 200: ZSessionResponse } },
    },
    async (request, reply) => {
      if (!request.endedSession) {
        const user = request.user;
        // A version of the notice or the terms this person has not accepted asks again (docs/decisions/018).
        return user ? { user, consentNeeded: await needsConsent(request.ctx.db, user.id) } : { user: null };
      }
      // The login of a deactivated account: said once, then gone.
      await auth.logout(request.ctx, { tokenHash: request.endedSession.tokenHash });
      clearSessionCookie(reply, secure);
      return { user: null, ended: request.endedSession.ended };
    },
  );

  app.post(
    '/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Registro de clientes',
        body: ZRegisterRequest,
        response: { 201: ZMessageResponse },
      },
    },
    async (request, reply) => {
      await auth.register(request.ctx, request.body);
      return reply.status(201).send({ message: m.registered });
    },
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', sessionDependent: true },
      schema: { tags, summary: 'Iniciar sesión', body: ZLoginRequest, response: { 200: ZLoginResponse } },
    },
    async (request, reply) => {
      const { token, deviceToken, user, consentNeeded } = await auth.login(request.ctx, {
        ...request.body,
        userAgent: request.headers['user-agent'],
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(reply, token, request.body.remember, secure);
      if (deviceToken) setDeviceCookie(reply, deviceToken, secure);
      return { user, consentNeeded };
    },
  );

  app.post(
    '/auth/logout',
    { config: { access: 'public' }, schema: { tags, summary: 'Cerrar sesión', response: { 204: z.null() } } },
    async (request, reply) => {
      await auth.logout(request.ctx, { tokenHash: request.sessionTokenHash });
      clearSessionCookie(reply, secure);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Enviar enlace para restablecer la contraseña',
        body: ZForgotPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await auth.requestPasswordReset(request.ctx, request.body);
      // The truth for this server: without a mail server the link is kept in the outbox, never sent; the
      // reception can read it there, so the client is told how to reach them (issue 39).
      if (app.outbox.enabled) return { message: m.resetSent };
      return { message: passwordResetMessages.resetNotSent(await businessContact(request.ctx.db)) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Elegir una nueva contraseña con el enlace',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(request.ctx, request.body);
      return { message: m.passwordChanged };
    },
  );
};
