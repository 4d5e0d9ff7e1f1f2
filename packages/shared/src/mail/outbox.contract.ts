import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { outboxMessages as m } from './outbox.messages';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TOutboxStatus = (typeof OUTBOX_STATUSES)[number];
/**
 * What a message's row says: its stored status, or `held` for a pending one when the server has no mail server
 * (SMTP_URL unset): kept and readable here, never attempted.
 */
export const OUTBOX_ROW_STATES = [...OUTBOX_STATUSES, 'held'] as const;
export type TOutboxRowState = (typeof OUTBOX_ROW_STATES)[number];

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
  status: z.enum(OUTBOX_ROW_STATES),
  /** Delivery attempts so far (a claimed attempt counts, even if its process died). */
  attempts: z.int().nonnegative(),
  lastError: z.string().nullable(),
  /** When the worker tries again; null once sent or failed, and while there is no mail server. */
  nextAttemptAt: z.iso.datetime().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;
export const ZOutboxResponse = pageResponse(ZOutboxEmail).extend({
  /** false when the server has no SMTP server: messages are kept here and nothing is sent. */
  mailServer: z.boolean(),
});
export type TOutboxResponse = z.infer<typeof ZOutboxResponse>;

/** POST /api/outbox/:id/retry — a failed e-mail goes back to the queue and gets one attempt at once. */
export const ZRetryOutboxResponse = ZOutboxEmail;
