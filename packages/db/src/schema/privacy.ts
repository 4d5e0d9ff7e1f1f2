import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * The business's legal facts (one row; none until a super admin or the demo sets them): who is responsible for the
 * data, where, how to reach its privacy contact, and how long a closed account's data are kept. The privacy notice
 * and the terms render from them (docs/decisions/018). The legal facts are written together or not at all (the API's
 * contract); they are nullable so that the business's contact can be saved before them (issue 39, decision 026).
 */
export const businessSettings = pgTable(
  'business_settings',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name'),
    address: text('address'),
    privacyEmail: text('privacy_email'),
    retentionYears: integer('retention_years').notNull().default(5),
    /** How clients reach the business (footer, side menu, "comunícate con la recepción"; issue 39): optional. */
    phone: text('phone'),
    whatsapp: text('whatsapp'),
    instagramUrl: text('instagram_url'),
    facebookUrl: text('facebook_url'),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('business_settings_one_row', sql`${t.id} = 1`),
    check('business_settings_retention_range', sql`${t.retentionYears} between 1 and 20`),
    // The legal facts are all there or none is: the documents never name a business without its address.
    check(
      'business_settings_legal_facts_together',
      sql`(${t.legalName} is null) = (${t.address} is null) and (${t.address} is null) = (${t.privacyEmail} is null)`,
    ),
  ],
);

export const consentDocuments = ['privacy', 'terms'] as const;
export const consentWays = ['registration', 'login', 'staff'] as const;

/** Which version of the privacy notice and of the terms each account accepted, when, and how. */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document', { enum: consentDocuments }).notNull(),
    version: text('version').notNull(),
    way: text('way', { enum: consentWays }).notNull(),
    /** The staff member who recorded it for the client (an account created at the desk). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.document, t.acceptedAt),
    check('consents_document_valid', sql`${t.document} in ('privacy', 'terms')`),
    check('consents_way_valid', sql`${t.way} in ('registration', 'login', 'staff')`),
  ],
);

export const privacyRequestKinds = ['access', 'rectification', 'cancellation', 'opposition'] as const;
export const privacyRequestChannels = ['web', 'email', 'in_person'] as const;
export const privacyRequestStatuses = ['open', 'done', 'refused'] as const;

/**
 * Every ARCO request and action (access, rectification, cancellation, opposition): the ones a client carries out in
 * /perfil, done at once, and the ones that arrive by e-mail or in person, open until the super admin acts. Each is
 * answered within 20 business days of its receipt (`due_on`).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: privacyRequestKinds }).notNull(),
    channel: text('channel', { enum: privacyRequestChannels }).notNull(),
    status: text('status', { enum: privacyRequestStatuses }).notNull().default('open'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** What was asked or done, in words. */
    detail: text('detail').notNull(),
    /** What the super admin answered or did. */
    resolution: text('resolution'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('privacy_requests_received_idx').on(t.receivedAt, t.id),
    index('privacy_requests_due_idx').on(t.status, t.dueOn),
    index('privacy_requests_user_idx').on(t.userId),
    check(
      'privacy_requests_kind_valid',
      sql`${t.kind} in ('access', 'rectification', 'cancellation', 'opposition')`,
    ),
    check('privacy_requests_channel_valid', sql`${t.channel} in ('web', 'email', 'in_person')`),
    check('privacy_requests_status_valid', sql`${t.status} in ('open', 'done', 'refused')`),
  ],
);

/** A change of one's own e-mail, waiting to be confirmed from the new address (single use, 24 hours). */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

/**
 * Keys the server signs links with (the reminders' one-click unsubscribe), made once by the first process that
 * needs one and shared by all: no setting to configure, and a link made by one process is good on every other.
 */
export const signingKeys = pgTable('signing_keys', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
