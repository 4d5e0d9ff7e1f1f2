import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { DatabaseHandle } from '@sala/db/client';
import { commonMessages } from '@sala/shared/errors/messages';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config';
import { AppError } from './lib/app-error';
import { COMPRESS_THRESHOLD_BYTES } from './lib/encoded-text';
import { auditRoutes } from './modules/audit/audit.routes';
import { accountAccess, registerAuth } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { staffSecurityRoutes } from './modules/auth/staff-security.routes';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { blockRoutes } from './modules/blocks/blocks.routes';
import { bookingRoutes } from './modules/bookings/bookings.routes';
import { branchRoutes } from './modules/branches/branches.routes';
import { calendarFeedFileRoute, calendarFeedRoutes } from './modules/calendar-feeds/calendar-feeds.routes';
import { cashDrawerRoutes } from './modules/cash-drawer/cash-drawer.routes';
import { cashSummaryRoutes } from './modules/cash-summary/cash-summary.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { getPublicBranches } from './modules/catalog/catalog.service';
import { cityRoutes } from './modules/cities/cities.routes';
import { clientAccountRoutes } from './modules/client-account/client-account.routes';
import { costRoutes } from './modules/costs/costs.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { backupRoutes } from './modules/health/backup.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/health/metrics.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { registerInvoicing } from './modules/invoicing/invoicing.plugin';
import { invoicingRoutes } from './modules/invoicing/invoicing.routes';
import { legalRoutes } from './modules/legal/legal.routes';
import { businessContact, legalFacts } from './modules/legal/legal.service';
import { registerMailer } from './modules/mail/mail.plugin';
import { outboxRoutes } from './modules/mail/outbox.routes';
import { meRoutes } from './modules/me/me.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { posRoutes } from './modules/pos/pos.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { productRoutes } from './modules/products/products.routes';
import { roomRoutes } from './modules/rooms/rooms.routes';
import { userRoutes } from './modules/users/users.routes';
import { registerWhatsApp } from './modules/whatsapp/whatsapp.plugin';
import { whatsappRoutes } from './modules/whatsapp/whatsapp.routes';
import { registerContext } from './plugins/context';
import { registerDocs } from './plugins/docs';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerMetrics } from './plugins/metrics';
import { registerPayments } from './plugins/payments';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

// Zod's own messages (a wrong type, a missing field) in Spanish; contracts override them where the spec speaks.
z.config(z.locales.es());

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: AppConfig;
  }
}

export type BuildAppOptions = {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Fastify (5.12+) no longer reads a hop count itself (it trusts no hop then); a count is the function proxy-addr
 * always meant by it: the socket's peer and the next `hops - 1` addresses of X-Forwarded-For are proxies.
 */
function trustedProxies(setting: AppConfig['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Builds the whole HTTP application (plugins, then modules); server.ts only listens. */
export async function buildApp({ config, database, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1_048_576,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // While closing, the hook below answers 503 in our envelope (Fastify's own is English and bare); Fastify still
    // adds `Connection: close`, so kept-alive clients move to another process.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals before any route runs (a malformed URL, an over-long parameter, headers over the size limit)
    // answer in the error envelope too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('database', database);
  app.decorate('config', config);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Shutting down: nothing new starts (no session read, no transaction); the requests in flight finish.
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError('unavailable', commonMessages.shuttingDown);
    }
  });

  registerErrorHandler(app);
  // Brotli or gzip for every compressible answer over 1 kB (JSON, the pages' HTML); the built assets go out
  // precompressed at build time (plugins/web.ts), so they cost no CPU per request.
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
  await registerSecurity(app, { isProduction: config.isProduction, publicUrl: config.publicUrl });
  await registerDocs(app);
  await registerAuth(app);
  await registerPayments(app);
  registerMetrics(app);
  registerMailer(app);
  registerInvoicing(app);
  registerWhatsApp(app);
  registerContext(app, accountAccess);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(metricsRoutes);
      await api.register(backupRoutes);
      await api.register(catalogRoutes);
      await api.register(authRoutes);
      await api.register(staffSecurityRoutes);
      await api.register(userRoutes);
      await api.register(clientAccountRoutes);
      await api.register(meRoutes);
      await api.register(outboxRoutes);
      await api.register(cityRoutes);
      await api.register(branchRoutes);
      await api.register(roomRoutes);
      await api.register(productRoutes);
      await api.register(availabilityRoutes);
      await api.register(blockRoutes);
      await api.register(bookingRoutes);
      await api.register(paymentRoutes);
      await api.register(posRoutes);
      await api.register(orderRoutes);
      await api.register(costRoutes);
      await api.register(importRoutes);
      await api.register(invoicingRoutes);
      await api.register(cashSummaryRoutes);
      await api.register(cashDrawerRoutes);
      await api.register(dashboardRoutes);
      await api.register(auditRoutes);
      await api.register(legalRoutes);
      await api.register(privacyRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(whatsappRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(calendarFeedFileRoute);

  const web = config.webDistDir
    ? await registerWeb(app, config.webDistDir, {
        contact: businessContact,
        legal: legalFacts,
        branches: getPublicBranches,
      })
    : false;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    const isApi = path === '/api' || path.startsWith('/api/');
    // A path that is no page gets the app (it shows its 404 page) with status 404. A missing file (an old hashed
    // asset, say) is a plain 404, never the app's HTML.
    const isFile = path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path);
    if (!isApi && !isFile && web && (request.method === 'GET' || request.method === 'HEAD')) {
      // Pages have their own routes (plugins/web.ts); what reaches here is no page, but the app answers it.
      return web.sendNotFound(request, reply);
    }
    throw new AppError('not-found', commonMessages.routeNotFound);
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
