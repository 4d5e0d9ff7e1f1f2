import type { FastifyRequest } from 'fastify';

/**
 * A request as the logs keep it, without the secrets some addresses carry: a calendar feed's token
 * (`/calendario/<token>.ics` is the key to someone's sessions) and the WhatsApp webhook's verify token.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/calendario\/[^/?#]+/, '/calendario/[token]')
    .replace(/([?&]hub\.verify_token=)[^&#]*/, '$1[redacted]');
}

/** Fastify's own request serializer, with the address redacted. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
