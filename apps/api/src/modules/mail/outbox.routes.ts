import { emailOutbox } from '@sala/db/schema/infrastructure';
import { ZOutboxQuery, ZOutboxResponse } from '@sala/shared/mail/outbox.contract';
import { ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { containsPattern, offsetOf, orderBy, toPage, totalCount } from '../../lib/paging';

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['correos'],
        summary: 'Correos guardados',
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxResponse },
      },
    },
    async (request) => {
      const { page, pageSize, dir, q } = request.query;
      const pattern = q ? containsPattern(q) : undefined;
      const rows = await app.database.db
        .select({
          id: emailOutbox.id,
          to: emailOutbox.toAddress,
          subject: emailOutbox.subject,
          text: emailOutbox.text,
          status: emailOutbox.status,
          createdAt: emailOutbox.createdAt,
          total: totalCount(),
        })
        .from(emailOutbox)
        .where(
          pattern
            ? or(ilike(emailOutbox.toAddress, pattern), ilike(emailOutbox.subject, pattern))
            : undefined,
        )
        .orderBy(orderBy(emailOutbox.createdAt, dir), emailOutbox.id)
        .limit(pageSize)
        .offset(offsetOf(page, pageSize));
      return toPage(rows, { page, pageSize }, (row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
};
