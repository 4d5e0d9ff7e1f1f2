import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export type EmailAttachment =
  | {
      filename: string;
      /** The file's text, or its bytes in base64 (`encoding`). */
      content: string;
      contentType: string;
      encoding?: 'base64';
      /** An inline image the HTML shows as `cid:…` (an OXXO voucher's barcode, in rows written before decision 043). */
      cid?: string;
    }
  | {
      filename: string;
      contentType: 'image/png';
      /** The inline image the HTML shows as `cid:…`. */
      cid: string;
      /** An OXXO voucher's reference: the outbox worker draws its barcode when it delivers (decision 043). */
      oxxoBarcode: string;
    };

/**
 * Mail is written here in the same transaction as the change it reports; the outbox worker of every API process
 * delivers it (modules/mail/outbox.worker.ts). A worker claims a due row by moving `next_attempt_at` past the
 * claim's expiry and counting the attempt, so a process killed mid-send leaves a row that falls due again by
 * itself; `attempts` is also the claim's fencing token.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<EmailAttachment[]>().notNull().default([]),
    /** Extra headers (a reminder's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /**
     * When the latest attempt failed. A row waiting for its retry has it at or after `last_attempt_at` (a claim
     * moves `last_attempt_at` past it): those are the rows brought forward once the server accepts mail again.
     */
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** One message per key (a session's reminder): a second insert with the same key is a no-op. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_at_idx').on(t.createdAt, t.id),
    // Correos' search (issue 46): the address or the subject, each a trigram index.
    index('email_outbox_to_address_trgm_idx').using('gin', sql`${t.toAddress} gin_trgm_ops`),
    index('email_outbox_subject_trgm_idx').using('gin', sql`${t.subject} gin_trgm_ops`),
    index('email_outbox_status_created_at_idx').on(t.status, t.createdAt),
    uniqueIndex('email_outbox_dedupe_key').on(t.dedupeKey),
    check('email_outbox_status_valid', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Fixed-window counters shared by every API process (login attempts, resets). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_window_idx').on(t.windowStart),
  ],
);

/** Replayed responses for requests that carry an Idempotency-Key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  scope: text('scope').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response').notNull(),
  createdAt: createdAt(),
});
