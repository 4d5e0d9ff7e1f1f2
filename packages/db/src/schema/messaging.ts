import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { branches } from './locations';
import { users } from './users';

/**
 * A secret calendar address (issue 43): a client's own sessions, or a branch's sessions for its staff. Only the
 * token's SHA-256 is kept (a copy of the database hands out no live address); replacing it writes a new hash on
 * the same row, so the old address stops at once. Exactly one of user and branch.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    branchId: uuid('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    uniqueIndex('calendar_feeds_user_key').on(t.userId).where(sql`${t.userId} is not null`),
    uniqueIndex('calendar_feeds_branch_key').on(t.branchId).where(sql`${t.branchId} is not null`),
    check('calendar_feeds_one_owner', sql`(${t.userId} is null) <> (${t.branchId} is null)`),
  ],
);

/**
 * A client's consent to WhatsApp messages (a voluntary purpose, design §14): when it was given, under which version
 * of the privacy notice and for which number; when and how it was withdrawn (Mi perfil, or "BAJA" in WhatsApp);
 * and whether WhatsApp said the number cannot be reached. One row per client, kept after withdrawal as the record.
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number messages go to, as WhatsApp reads it: country code and number, digits only (52 and 10 digits). */
    phone: text('phone').notNull(),
    consentedAt: timestamp('consented_at', { withTimezone: true }).notNull(),
    noticeVersion: text('notice_version').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnVia: text('withdrawn_via', { enum: ['profile', 'reply'] }),
    /** WhatsApp refused the number for good (not on WhatsApp): shown in Mi perfil until consent is given again. */
    unreachableAt: timestamp('unreachable_at', { withTimezone: true }),
    unreachableReason: text('unreachable_reason'),
  },
  (t) => [
    index('whatsapp_consents_phone_idx').on(t.phone),
    check('whatsapp_consents_withdrawn_via', sql`${t.withdrawnVia} in ('profile', 'reply')`),
  ],
);

export const whatsappStatuses = ['pending', 'accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof whatsappStatuses)[number];

/**
 * The WhatsApp outbox and its record (issue 43): a template message written in the business transaction, sent by
 * a worker with a lease (attempts is the fence), then followed by the status webhooks (sent, delivered, read,
 * failed) in whatever order they arrive: a status never replaces a further one.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    template: text('template').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    status: text('status', { enum: whatsappStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    errorCode: integer('error_code'),
    /** WhatsApp's id for the message (wamid), once the Cloud API accepted it: the status webhooks name it. */
    wamid: text('wamid'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When WhatsApp says the latest status happened (the webhook's timestamp). */
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** One message per key (a session's reminder): a second insert with the same key is a no-op. */
    dedupeKey: text('dedupe_key').notNull(),
    /** No use after this instant (the session's start): a message still waiting then is never sent. */
    sendBy: timestamp('send_by', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('whatsapp_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('whatsapp_messages_created_at_idx').on(t.createdAt, t.id),
    // Mensajes' search by number (issue 46).
    index('whatsapp_messages_to_phone_trgm_idx').using('gin', sql`${t.toPhone} gin_trgm_ops`),
    index('whatsapp_messages_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('whatsapp_messages_wamid_key').on(t.wamid),
    uniqueIndex('whatsapp_messages_dedupe_key').on(t.dedupeKey),
    check(
      'whatsapp_messages_status_valid',
      sql`${t.status} in ('pending', 'accepted', 'sent', 'delivered', 'read', 'failed')`,
    ),
  ],
);
