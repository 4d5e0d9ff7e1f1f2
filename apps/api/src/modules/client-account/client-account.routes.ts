import { idField, ZIdParams } from '@sala/shared/common/fields';
import { z } from '@sala/shared/common/zod';
import {
  ZClientCreditLotsResponse,
  ZExtendCreditLotRequest,
  ZExtendCreditLotResponse,
} from '@sala/shared/credits/credit-lots.contract';
import {
  ZAdjustCreditsRequest,
  ZAdjustCreditsResponse,
  ZLedgerQuery,
  ZLedgerResponse,
} from '@sala/shared/users/client-account.contract';
import {
  ZMyOrdersQuery,
  ZMyOrdersResponse,
  ZMySessionsQuery,
  ZMySessionsResponse,
} from '@sala/shared/users/profile.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as service from './client-account.service';

const ZLotParams = z.object({ id: idField(), lotId: idField() });

/** A client's account for the staff (/admin/usuarios/:id, issue 22). */
export const clientAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['usuarios'];

  app.get(
    '/users/:id/ledger',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Movimientos de créditos de un cliente',
        params: ZIdParams,
        querystring: ZLedgerQuery,
        response: { 200: ZLedgerResponse },
      },
    },
    async (request) =>
      service.clientLedger(actingCtx(request), { id: request.params.id, query: request.query }),
  );

  app.get(
    '/users/:id/sessions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Sesiones de un cliente',
        params: ZIdParams,
        querystring: ZMySessionsQuery,
        response: { 200: ZMySessionsResponse },
      },
    },
    async (request) =>
      service.clientSessions(actingCtx(request), { id: request.params.id, query: request.query }),
  );

  app.get(
    '/users/:id/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Órdenes de un cliente',
        params: ZIdParams,
        querystring: ZMyOrdersQuery,
        response: { 200: ZMyOrdersResponse },
      },
    },
    async (request) =>
      service.clientOrders(actingCtx(request), { id: request.params.id, query: request.query }),
  );

  app.get(
    '/users/:id/credit-lots',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Paquetes de créditos de un cliente, con su vencimiento',
        params: ZIdParams,
        response: { 200: ZClientCreditLotsResponse },
      },
    },
    async (request) => service.clientCreditLots(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/users/:id/credit-lots/:lotId/extend',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Extender la vigencia de un paquete de créditos, con el motivo',
        params: ZLotParams,
        body: ZExtendCreditLotRequest,
        response: { 200: ZExtendCreditLotResponse },
      },
    },
    async (request) =>
      service.extendCreditLot(actingCtx(request), {
        id: request.params.id,
        lotId: request.params.lotId,
        ...request.body,
      }),
  );

  app.post(
    '/users/:id/credits',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Ajustar los créditos de un cliente, con el motivo',
        params: ZIdParams,
        body: ZAdjustCreditsRequest,
        response: { 200: ZAdjustCreditsResponse },
      },
    },
    async (request) => service.adjustCredits(actingCtx(request), { id: request.params.id, ...request.body }),
  );
};
