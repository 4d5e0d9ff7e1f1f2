import { ZIdParams } from '@sala/shared/common/fields';
import { z } from '@sala/shared/common/zod';
import {
  ZCancelInvoiceRequest,
  ZFiscalProfileResponse,
  ZGlobalInvoicesResponse,
  ZGlobalSalesResponse,
  ZInvoicingSettingsResponse,
  ZIssueGlobalRequest,
  ZOrderInvoiceResponse,
  ZSaveFiscalProfileRequest,
  ZSaveInvoicingSettingsRequest,
  ZStaffInvoiceRequest,
} from '@sala/shared/invoicing/invoicing.contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actingCtx } from '../../plugins/context';
import * as globals from './invoicing.global';
import * as service from './invoicing.service';

const ZMyInvoicesQuery = z.object({
  /** The sales of the page Mis pedidos shows (up to its largest page). */
  orderIds: z
    .string()
    .max(30 * 37)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.uuid().toLowerCase()).max(30)),
});
const ZMyInvoicesResponse = z.object({
  invoices: z.array(ZOrderInvoiceResponse.extend({ orderId: z.uuid() })),
  mode: ZOrderInvoiceResponse.shape.mode,
});
const ZFileParams = ZIdParams.extend({ file: z.enum(['pdf', 'xml']) });

/** CFDI invoices (issue 42): fiscal profiles, asking for a sale's invoice, its files, and the issuer's settings. */
export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['facturación'];

  app.get(
    '/me/fiscal-profile',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mis datos fiscales', response: { 200: ZFiscalProfileResponse } },
    },
    async (request) => service.myFiscalProfile(actingCtx(request)),
  );

  app.put(
    '/me/fiscal-profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Guardar mis datos fiscales (como en mi Constancia de Situación Fiscal)',
        body: ZSaveFiscalProfileRequest,
        response: { 200: ZFiscalProfileResponse },
      },
    },
    async (request) => {
      const ctx = actingCtx(request);
      return service.saveFiscalProfile(ctx, { userId: ctx.actor.id, profile: request.body });
    },
  );

  app.get(
    '/users/:id/fiscal-profile',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Datos fiscales de un cliente',
        params: ZIdParams,
        response: { 200: ZFiscalProfileResponse },
      },
    },
    async (request) => service.fiscalProfileOf(actingCtx(request), request.params.id),
  );

  app.put(
    '/users/:id/fiscal-profile',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Guardar los datos fiscales de un cliente',
        params: ZIdParams,
        body: ZSaveFiscalProfileRequest,
        response: { 200: ZFiscalProfileResponse },
      },
    },
    async (request) =>
      service.saveFiscalProfile(actingCtx(request), { userId: request.params.id, profile: request.body }),
  );

  app.get(
    '/me/invoices',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Las facturas de mis compras (las de la página de Mis pedidos)',
        querystring: ZMyInvoicesQuery,
        response: { 200: ZMyInvoicesResponse },
      },
    },
    async (request) => service.myInvoices(actingCtx(request), request.query),
  );

  app.post(
    '/me/orders/:id/invoice',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Solicitar la factura de una compra mía',
        params: ZIdParams,
        response: { 200: ZOrderInvoiceResponse },
      },
    },
    async (request) => service.requestMyInvoice(actingCtx(request), { orderId: request.params.id }),
  );

  app.get(
    '/orders/:id/invoice',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'La factura de una venta',
        params: ZIdParams,
        response: { 200: ZOrderInvoiceResponse },
      },
    },
    async (request) => service.saleInvoiceOf(actingCtx(request), request.params.id),
  );

  app.post(
    '/orders/:id/invoice',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Facturar una venta en mostrador (con los datos fiscales del cliente o los que se escriban)',
        params: ZIdParams,
        body: ZStaffInvoiceRequest,
        response: { 200: ZOrderInvoiceResponse },
      },
    },
    async (request) =>
      service.invoiceSaleForClient(actingCtx(request), {
        orderId: request.params.id,
        profile: request.body.profile,
      }),
  );

  app.get(
    '/invoices/:id/:file',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Descargar el PDF o el XML de una factura', params: ZFileParams },
    },
    async (request, reply) => {
      const file = await service.invoiceFile(actingCtx(request), request.params);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.post(
    '/invoices/:id/cancel',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary:
          'Cancelar la factura de una venta por un error (01: se vuelve a facturar con los datos corregidos; 02: sin sustituta)',
        params: ZIdParams,
        body: ZCancelInvoiceRequest,
        response: { 200: ZOrderInvoiceResponse },
      },
    },
    async (request) =>
      service.cancelInvoice(actingCtx(request), { id: request.params.id, request: request.body }),
  );

  app.get(
    '/invoicing/globals',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Facturas globales al público en general',
        response: { 200: ZGlobalInvoicesResponse },
      },
    },
    async (request) => globals.globalInvoices(actingCtx(request)),
  );

  app.post(
    '/invoicing/globals',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Emitir a mano la factura global de un periodo cerrado que no la tiene',
        body: ZIssueGlobalRequest,
        response: { 200: ZGlobalInvoicesResponse },
      },
    },
    async (request) => {
      const ctx = actingCtx(request);
      await globals.issueGlobalByHand(ctx, request.body);
      return globals.globalInvoices(ctx);
    },
  );

  app.get(
    '/invoicing/globals/:id/sales',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Las ventas de una factura global',
        params: ZIdParams,
        response: { 200: ZGlobalSalesResponse },
      },
    },
    async (request) => globals.globalSales(actingCtx(request), request.params),
  );

  app.get(
    '/invoicing/settings',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Datos de facturación del negocio',
        response: { 200: ZInvoicingSettingsResponse },
      },
    },
    async (request) => service.invoicingSettings(actingCtx(request)),
  );

  app.put(
    '/invoicing/settings',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Guardar los datos de facturación del negocio',
        body: ZSaveInvoicingSettingsRequest,
        response: { 200: ZInvoicingSettingsResponse },
      },
    },
    async (request) => service.saveInvoicingSettings(actingCtx(request), request.body),
  );
};
