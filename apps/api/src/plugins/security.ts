import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers and a strict Content-Security-Policy: everything the SPA needs comes from our origin. */
export async function registerSecurity(app: FastifyInstance, options: { isProduction: boolean }) {
  await app.register(helmet, {
    // Swagger UI sets its own policy for /api/docs (staticCSP).
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toast and dialog libraries inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: options.isProduction,
    crossOriginEmbedderPolicy: false,
  });
}
