import { commonMessages } from '@sala/shared/errors/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made on this machine (a scraper, the backup script): the connection itself comes from the loopback
 * and no proxy relayed it (a reverse proxy on the same host connects from 127.0.0.1 too, but says whom it
 * forwards).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const { headers } = request;
  return (
    LOOPBACK.has(request.socket.remoteAddress ?? '') &&
    headers['x-forwarded-for'] === undefined &&
    headers.forwarded === undefined &&
    headers['x-real-ip'] === undefined
  );
}

/** The operator's routes (metrics, backups): from this machine, or with a super admin's session. */
export function requireThisMachineOrSuperAdmin(request: FastifyRequest) {
  if (fromThisMachine(request)) return;
  if (!request.user) throw new AppError('unauthenticated', commonMessages.unauthenticated);
  if (request.user.role !== 'superadmin')
    throw new AppError('permission-denied', commonMessages.permissionDenied);
}
