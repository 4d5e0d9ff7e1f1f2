import {
  ZForgotPasswordRequest,
  ZLoginDone,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { ZSessionResponse } from '@sala/shared/auth/session.contract';
import { ZLoginCodeRequest } from '@sala/shared/auth/staff-security.contract';
import { mustEnrolTwoFactor } from '@sala/shared/auth/two-factor.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessContact, needsConsent } from '../legal/legal.service';
import {
  CODE_STEP_COOKIE,
  clearCodeStepCookie,
  clearSessionCookie,
  DEVICE_COOKIE,
  setCodeStepCookie,
  setDeviceCookie,
  setSessionCookie,
} from './auth.plugin';
import * as auth from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = app.config.isProduction;
  const policy = app.config.staffTwoFactor;
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
        if (!user) return { user: null };
        return {
          user,
          consentNeeded: await needsConsent(request.ctx.db, user.id),
          mustEnrolTwoFactor: mustEnrolTwoFactor(user, policy),
        };
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
      await auth.register(request.ctx, request.body, { perHour: app.config.registerLimitPerHour });
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
      const result = await auth.login(request.ctx, {
        ...request.body,
        userAgent: request.headers['user-agent'],
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      if (result.step === 'code') {
        setCodeStepCookie(reply, result.challengeToken, secure);
        return { codeRequired: true as const };
      }
      setSessionCookie(reply, result.token, request.body.remember, secure);
      if (result.deviceToken) setDeviceCookie(reply, result.deviceToken, secure);
      return {
        user: result.user,
        consentNeeded: result.consentNeeded,
        mustEnrolTwoFactor: mustEnrolTwoFactor(result.user, policy),
      };
    },
  );

  app.post(
    '/auth/login/code',
    {
      config: { access: 'public', sessionDependent: true },
      schema: {
        tags,
        summary: 'Segundo paso del inicio de sesión: el código de la app o uno de recuperación',
        body: ZLoginCodeRequest,
        response: { 200: ZLoginDone },
      },
    },
    async (request, reply) => {
      const result = await auth.loginWithCode(request.ctx, {
        ...request.body,
        challengeToken: request.cookies[CODE_STEP_COOKIE],
        userAgent: request.headers['user-agent'],
        deviceToken: request.cookies[DEVICE_COOKIE],
      });
      clearCodeStepCookie(reply, secure);
      setSessionCookie(reply, result.token, result.persistent, secure);
      if (result.deviceToken) setDeviceCookie(reply, result.deviceToken, secure);
      return {
        user: result.user,
        consentNeeded: result.consentNeeded,
        mustEnrolTwoFactor: mustEnrolTwoFactor(result.user, policy),
      };
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
