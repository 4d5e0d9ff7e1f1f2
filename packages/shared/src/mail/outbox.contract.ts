import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { outboxMessages as m } from './outbox.messages';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** GET /api/outbox — stored e-mails, readable by super admins (there may be no SMTP server); by status. */
export const ZOutboxQuery = pageQuery(['createdAt'], 'createdAt').extend({
  status: z.enum(OUTBOX_STATUSES, { error: m.invalidStatus }).optional(),
});
export type TOutboxQuery = z.output<typeof ZOutboxQuery>;
export const ZOutboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** Delivery attempts so far (a claimed attempt counts, even if its process died). */
  attempts: z.int().nonnegative(),
  lastError: z.string().nullable(),
  /** When the worker tries again; null once sent or failed. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxResponse = pageResponse(ZOutboxEmail);

/** POST /api/outbox/:id/retry — a failed e-mail goes back to the queue and gets one attempt at once. */
export const ZRetryOutboxResponse = ZOutboxEmail;
