import {
  ZEndedLogins,
  ZLoginParams,
  ZOpenLoginList,
  ZRecoveryCodes,
  ZSecondFactorProof,
  ZTwoFactorConfirmRequest,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@sala/shared/auth/staff-security.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingCtx } from '../../plugins/context';
import {
  endLoginsOfUser,
  endOtherLogins,
  endOwnLogin,
  listOpenLogins,
  openLoginsOfUser,
} from './logins.service';
import * as twoFactor from './two-factor.service';

/**
 * Issue 45: a person's second factor and open logins (/perfil), and a super admin's hand on another account's.
 * Every route here is the account's own (access `user`): a super admin who must turn the factor on reaches them.
 */
export const staffSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cuentas'];
  const policy = app.config.staffTwoFactor;

  app.get(
    '/me/two-factor',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mi verificación en dos pasos', response: { 200: ZTwoFactorStatus } },
    },
    async (request) => twoFactor.twoFactorStatus(actingCtx(request), policy),
  );

  app.post(
    '/me/two-factor/setup',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Empezar a activar la verificación en dos pasos: el secreto y su código QR',
        response: { 200: ZTwoFactorSetup },
      },
    },
    async (request) => twoFactor.startTwoFactorSetup(actingCtx(request)),
  );

  app.post(
    '/me/two-factor/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Activar la verificación en dos pasos con el primer código (da los códigos de recuperación)',
        body: ZTwoFactorConfirmRequest,
        response: { 200: ZRecoveryCodes },
      },
    },
    async (request) => twoFactor.confirmTwoFactor(actingCtx(request), request.body),
  );

  app.post(
    '/me/two-factor/recovery-codes',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Códigos de recuperación nuevos (los anteriores dejan de servir)',
        body: ZSecondFactorProof,
        response: { 200: ZRecoveryCodes },
      },
    },
    async (request) => twoFactor.renewRecoveryCodes(actingCtx(request), request.body),
  );

  app.post(
    '/me/two-factor/disable',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Desactivar la verificación en dos pasos (con un código)',
        body: ZSecondFactorProof,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await twoFactor.disableTwoFactor(actingCtx(request), request.body);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me/logins',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mis sesiones abiertas', response: { 200: ZOpenLoginList } },
    },
    async (request) => {
      const ctx = actingCtx(request);
      return listOpenLogins(ctx.db, ctx.actor.id, ctx.now, request.sessionTokenHash);
    },
  );

  app.delete(
    '/me/logins/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cerrar otra de mis sesiones',
        params: ZLoginParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endOwnLogin(actingCtx(request), {
        id: request.params.id,
        currentTokenHash: request.sessionTokenHash,
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/logins/end-others',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cerrar sesión en todos los demás navegadores',
        response: { 200: ZEndedLogins },
      },
    },
    async (request) => endOtherLogins(actingCtx(request), { currentTokenHash: request.sessionTokenHash }),
  );

  app.get(
    '/users/:id/logins',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Las sesiones abiertas de un usuario',
        params: ZIdParams,
        response: { 200: ZOpenLoginList },
      },
    },
    async (request) => openLoginsOfUser(actingCtx(request), { userId: request.params.id }),
  );

  app.post(
    '/users/:id/logins/end',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Cerrar todas las sesiones de un usuario',
        params: ZIdParams,
        response: { 200: ZEndedLogins },
      },
    },
    async (request) => endLoginsOfUser(actingCtx(request), { userId: request.params.id }),
  );

  app.post(
    '/users/:id/two-factor/disable',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Quitar la verificación en dos pasos de un usuario (perdió su teléfono y sus códigos)',
        params: ZIdParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await twoFactor.disableTwoFactorOf(actingCtx(request), { userId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
