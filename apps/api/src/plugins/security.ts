import { createHash } from 'node:crypto';
import { commonMessages } from '@sala/shared/errors/messages';
import { EARLY_TAPS_SCRIPT } from '@sala/shared/web/early-taps';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The only inline script allowed: the prerendered pages' early-tap holder (decision 016), by the hash of its
 * exact text. Any other inline script, injected or not, is still refused.
 */
export const EARLY_TAPS_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;

/**
 * Whether a state-changing request comes from our own pages. The Origin header decides when the browser sends
 * one (our public URL, or the host the request was sent to); without it, Fetch Metadata does
 * (`Sec-Fetch-Site` of another site, or of a sibling subdomain, is refused). Requests with neither header are
 * not from a browser page (curl, a payment provider's webhook) and cannot ride on a visitor's cookies.
 */
export function isSameSiteWrite(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!URL.canParse(origin)) return false; // 'null' (sandboxed frames, file://) or garbage
    const url = new URL(origin);
    if (url.origin === publicOrigin) return true;
    // The host the request was sent to, read with the origin's scheme so default ports compare equal.
    return (
      URL.canParse(`${url.protocol}//${request.host}`) &&
      new URL(`${url.protocol}//${request.host}`).host === url.host
    );
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

/**
 * Helmet's headers, computed once: they never change per request, and building the Content-Security-Policy
 * string on every request cost more than the rest of a health check.
 */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/** Security headers, a strict Content-Security-Policy, and cross-site writes refused (defence in depth: the
 * session cookie is SameSite=Lax already). */
export async function registerSecurity(
  app: FastifyInstance,
  options: { isProduction: boolean; publicUrl: string },
) {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (
      STATE_CHANGING.has(request.method) &&
      request.routeOptions.config?.crossSiteWrite !== 'token' &&
      !isSameSiteWrite(request, publicOrigin)
    ) {
      throw new AppError('permission-denied', commonMessages.crossSite);
    }
  });

  const headers = staticHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", EARLY_TAPS_SCRIPT_SOURCE],
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
    strictTransportSecurity: options.isProduction,
    crossOriginEmbedderPolicy: false,
  });
  // The same headers on every response; Swagger UI sets its own policy for /api/docs (staticCSP) later on.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
