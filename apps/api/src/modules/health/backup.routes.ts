import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requireThisMachineOrSuperAdmin } from '../../lib/this-machine';

export const backupMessages = {
  postgres:
    'Con PostgreSQL la copia de seguridad se hace con pg_dump (ver «Copias de seguridad» en el README).',
} as const;

/**
 * GET /api/backup: a consistent copy of the embedded database (PGlite) while the app runs, as a gzipped tar of
 * its data directory; `npm run db:backup` asks for it when the app holds the directory. For this machine or a
 * super admin's session.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/backup',
    {
      config: { access: 'public' },
      schema: {
        tags: ['salud'],
        summary:
          'Copia de seguridad de la base embebida (desde este equipo, o con sesión de super administrador)',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      requireThisMachineOrSuperAdmin(request);
      const { dump } = app.database;
      if (!dump) throw new AppError('aborted', backupMessages.postgres);
      const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      request.log.info('database backup requested');
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="sala-comun-${stamp}.tar.gz"`)
        .send(Buffer.from(await dump()));
    },
  );
};
