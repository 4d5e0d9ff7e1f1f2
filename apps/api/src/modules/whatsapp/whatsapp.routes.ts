import {
  ZMyWhatsApp,
  ZSetMyWhatsApp,
  ZWhatsAppMessagesQuery,
  ZWhatsAppMessagesResponse,
} from '@sala/shared/whatsapp/whatsapp.contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingCtx } from '../../plugins/context';
import {
  handleWebhook,
  listWhatsAppMessages,
  myWhatsApp,
  setMyWhatsApp,
  verifySubscription,
} from './whatsapp.service';

/** The client's WhatsApp in Mi perfil, the staff's view of the messages, and Meta's webhook (issue 43). */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['whatsapp'];
  const channel = () => app.whatsappChannel;

  app.get(
    '/me/whatsapp',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Mis avisos por WhatsApp', response: { 200: ZMyWhatsApp } },
    },
    async (request) => myWhatsApp(actingCtx(request), channel()),
  );

  app.put(
    '/me/whatsapp',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Activar (con consentimiento) o desactivar mis avisos por WhatsApp',
        body: ZSetMyWhatsApp,
        response: { 200: ZMyWhatsApp },
      },
    },
    async (request) => setMyWhatsApp(actingCtx(request), channel(), request.body),
  );

  app.get(
    '/whatsapp/messages',
    {
      config: { access: 'superadmin' },
      schema: {
        tags,
        summary: 'Mensajes de WhatsApp, con su estado de entrega',
        querystring: ZWhatsAppMessagesQuery,
        response: { 200: ZWhatsAppMessagesResponse },
      },
    },
    async (request) => listWhatsAppMessages(actingCtx(request), channel(), request.query),
  );

  app.get(
    '/whatsapp/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verificación de la suscripción de Meta (hub.challenge)',
        querystring: z.object({
          'hub.mode': z.string().max(50).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
      },
    },
    async (request, reply) => {
      const challenge = verifySubscription(channel(), {
        mode: request.query['hub.mode'],
        token: request.query['hub.verify_token'],
        challenge: request.query['hub.challenge'],
      });
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  await app.register(webhookRoute);
};

/** Meta's signed webhook. Its own scope reads JSON as the raw bytes: the signature is over the body exactly as sent. */
const webhookRoute: FastifyPluginAsync = async (scope) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/whatsapp/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Avisos firmados de WhatsApp: estados de entrega y respuestas (BAJA)',
        headers: z.object({ 'x-hub-signature-256': z.string().max(200).optional() }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      await handleWebhook(request.ctx, app.whatsappChannel, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: request.headers['x-hub-signature-256'],
      });
      return { received: true as const };
    },
  );
};
