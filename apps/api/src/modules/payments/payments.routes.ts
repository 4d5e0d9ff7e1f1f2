import { ZIdParams } from '@sala/shared/common/fields';
import { ZCancelOrderRequest, ZCancelOrderResponse, ZOrderTicket } from '@sala/shared/orders/orders.contract';
import {
  ZCheckout,
  ZPaymentMethodsResponse,
  ZPaymentResult,
  ZStartCheckoutRequest,
  ZTestCardRequest,
} from '@sala/shared/store/store.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingCtx } from '../../plugins/context';
import * as service from './payments.service';

/** The online store's checkout (docs/business-rules.md §7, docs/business-rules.md D§5): the signed-in client pays for its own cart. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tienda'];

  app.post(
    '/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Empezar (o retomar con el mismo id) el pago de un carrito; precios de la base de datos',
        body: ZStartCheckoutRequest,
        response: { 201: ZCheckout },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.startCheckout(actingCtx(request), request.body)),
  );

  app.get(
    '/checkout/:id',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Un pago propio', params: ZIdParams, response: { 200: ZCheckout } },
    },
    async (request) => service.getCheckout(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/checkout/:id/pay',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Pagar con tarjeta en modo de pruebas (sin Stripe)',
        params: ZIdParams,
        body: ZTestCardRequest,
        response: { 200: ZPaymentResult },
      },
    },
    async (request) =>
      service.payWithTestCard(actingCtx(request), { id: request.params.id, card: request.body }),
  );

  app.post(
    '/checkout/:id/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Completar el pago que Stripe confirmó en el navegador',
        params: ZIdParams,
        response: { 200: ZPaymentResult },
      },
    },
    async (request) => service.confirmPayment(actingCtx(request), { id: request.params.id }),
  );

  app.get(
    '/payment-methods',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Las formas de pago de la tienda (PAYMENT_METHODS) y cuántos días vale una ficha OXXO',
        response: { 200: ZPaymentMethodsResponse },
      },
    },
    async (request) => service.paymentMethods(request.ctx),
  );

  // The cancel of an order lives here because a pending OXXO or SPEI order is cancelled at the gateway first, and
  // a payment that came meanwhile completes it (the payments module's once-only path); any other order is
  // cancelled by the orders module as before.
  app.post(
    '/orders/:id/cancel',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['órdenes'],
        summary:
          "Cancelar una orden ('cancelar orden'): devuelve el pago en línea y descuenta sus créditos; una pendiente de pago se cancela en la pasarela",
        params: ZIdParams,
        body: ZCancelOrderRequest,
        response: { 200: ZCancelOrderResponse },
      },
    },
    async (request) => service.cancelOrder(actingCtx(request), { id: request.params.id }),
  );

  app.post(
    '/orders/:id/simulate-payment',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['órdenes'],
        summary:
          'Modo de pruebas: simular el pago de una orden OXXO o SPEI pendiente (el mismo camino que el aviso de pago)',
        params: ZIdParams,
        response: { 200: ZOrderTicket },
      },
    },
    async (request) => service.simulatePayment(actingCtx(request), { id: request.params.id }),
  );

  await app.register(stripeWebhookRoute);
};

/**
 * Stripe's signed webhook. Its own scope reads JSON as the raw bytes: the signature is over the body exactly as sent.
 */
const stripeWebhookRoute: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/payments/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tienda'],
        summary:
          'Avisos firmados de Stripe (payment_intent.succeeded, .payment_failed, .canceled, .partially_funded; cash_balance.funds_available)',
        headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await service.handleWebhook(request.ctx, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: request.headers['stripe-signature'] ?? '',
      });
      return { received: true as const };
    },
  );
};
