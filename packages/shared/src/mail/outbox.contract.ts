import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';

/** GET /api/outbox — stored e-mails, readable by super admins (there may be no SMTP server). */
export const ZOutboxQuery = pageQuery(['createdAt'], 'createdAt');
export type TOutboxQuery = z.output<typeof ZOutboxQuery>;
export const ZOutboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.iso.datetime(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxResponse = pageResponse(ZOutboxEmail);
