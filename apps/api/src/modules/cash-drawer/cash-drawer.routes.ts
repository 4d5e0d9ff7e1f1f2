import {
  ZCloseDrawerRequest,
  ZDrawer,
  ZDrawerQuery,
  ZDrawerResponse,
  ZOpenDrawerRequest,
  ZReopenDrawerRequest,
} from '@sala/shared/cash-drawer/drawer.contract';
import { ZIdParams } from '@sala/shared/common/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './cash-drawer.service';

/** The cash drawer of a branch's day (issue 22): the point of sale opens and closes it; the super admin reopens it. */
export const cashDrawerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['caja'];

  app.get(
    '/cash-drawers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'La caja de una sucursal en un día (hoy, salvo el super administrador)',
        querystring: ZDrawerQuery,
        response: { 200: ZDrawerResponse },
      },
    },
    async (request) => service.drawerOf(actingCtx(request), request.query),
  );

  app.get(
    '/cash-drawers/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Una caja con sus cifras (su reporte de cierre)',
        params: ZIdParams,
        response: { 200: ZDrawer },
      },
    },
    async (request) => service.drawerById(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/cash-drawers',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Abrir la caja de hoy de una sucursal con su fondo inicial',
        body: ZOpenDrawerRequest,
        response: { 201: ZDrawer },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.openDrawer(actingCtx(request), request.body)),
  );

  app.post(
    '/cash-drawers/:id/close',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Cerrar la caja: el efectivo contado frente al esperado',
        params: ZIdParams,
        body: ZCloseDrawerRequest,
        response: { 200: ZDrawer },
      },
    },
    async (request) => service.closeDrawer(actingCtx(request), { id: request.params.id, ...request.body }),
  );

  app.post(
    '/cash-drawers/:id/reopen',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Reabrir una caja cerrada (queda en la auditoría)',
        params: ZIdParams,
        body: ZReopenDrawerRequest,
        response: { 200: ZDrawer },
      },
    },
    async (request) =>
      service.reopenDrawer(actingCtx(request), { id: request.params.id, reason: request.body.reason }),
  );
};
