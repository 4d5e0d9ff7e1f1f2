import {
  ZDashboardMoney,
  ZDashboardOccupancy,
  ZDashboardQuery,
  ZDashboardToday,
  ZReport,
  ZReportQuery,
} from '@sala/shared/dashboard/dashboard.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './dashboard.service';

/** /admin's panels and the reports (issue 22): staff see today and occupancy; money is the super admin's. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['panel'];

  app.get(
    '/dashboard/today',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Hoy: sesiones por hora, salas libres ahora, bloqueos del día',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardToday },
      },
    },
    async (request) => service.todayPanel(actingCtx(request), request.query),
  );

  app.get(
    '/dashboard/occupancy',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Ocupación: próximos 7 días, últimos 30 y mapa de calor de 8 semanas',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardOccupancy },
      },
    },
    async (request) => service.occupancyPanel(actingCtx(request), request.query),
  );

  app.get(
    '/dashboard/money',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary:
          'Ventas por día y método (30 días), créditos vendidos, usados y pendientes, productos más vendidos',
        querystring: ZDashboardQuery,
        response: { 200: ZDashboardMoney },
      },
    },
    async (request) => service.moneyPanel(actingCtx(request), request.query),
  );

  app.get(
    '/reports',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reportes'],
        summary: 'Reporte de un periodo: ocupación, ventas por día, créditos, productos y gastos',
        querystring: ZReportQuery,
        response: { 200: ZReport },
      },
    },
    async (request) => service.report(actingCtx(request), request.query),
  );
};
