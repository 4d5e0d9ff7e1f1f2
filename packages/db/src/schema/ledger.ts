import { creditLotSources } from '@sala/shared/credits/credit-lots.contract';
import { ledgerReasonLabels, type TLedgerReason } from '@sala/shared/users/client-account.contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { roomSessions } from './sessions';
import { users } from './users';

/** The reasons of a credit movement: the keys of their labels, so a reason and its Spanish name live in one place. */
export const creditReasons = Object.keys(ledgerReasonLabels) as [TLedgerReason, ...TLedgerReason[]];
export type CreditReason = (typeof creditReasons)[number];

/** Every credit movement. users.credits always equals the sum of a user's deltas. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason', { enum: creditReasons }).notNull(),
    referenceId: uuid('reference_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    index('credit_ledger_reference_idx').on(t.referenceId),
    // The owner's credits sold and used in a period (issue 22): an index-only walk of the period's movements.
    index('credit_ledger_created_at_idx').on(t.createdAt, t.reason, t.delta),
    check('credit_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check(
      'credit_ledger_reason_valid',
      sql`${t.reason} in ('purchase', 'pos', 'booking', 'booking_refund', 'order_cancel', 'adjustment', 'account_closed', 'reschedule', 'import', 'expired')`,
    ),
  ],
);

/**
 * Credits with an expiry (issue 44, design §15): every credit a client holds belongs to one lot, so Σ remaining of a
 * user's lots = users.credits = Σ ledger. A lot is what one grant gave (a purchase's products of one validity, an
 * adjustment, an import, a balance from before lots existed); `expires_on` is its last day (Mexico City), null for
 * never. Its credits move only under the account's row lock (the credits service takes it first), so two changes
 * of one account never interleave.
 */
export const creditLots = pgTable(
  'credit_lots',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    credits: integer('credits').notNull(),
    remaining: integer('remaining').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    source: text('source', { enum: creditLotSources }).notNull(),
    /** The order that bought it, when one did. */
    referenceId: uuid('reference_id'),
    createdAt: createdAt(),
    /** When the expiry job (or a refund into a lot past its day) expired what was left, and how many that was. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    expiredCredits: integer('expired_credits').notNull().default(0),
    /** The last day a warning was sent for, and how many days before it that warning was (7, then 1). */
    warnedFor: date('warned_for', { mode: 'string' }),
    warnedDays: integer('warned_days'),
  },
  (t) => [
    index('credit_lots_user_idx').on(t.userId, t.expiresOn),
    // The expiry job and the warnings: lots still holding credits, by their last day.
    index('credit_lots_due_idx')
      .on(t.expiresOn)
      .where(sql`${t.remaining} > 0 and ${t.expiresOn} is not null`),
    index('credit_lots_reference_idx').on(t.referenceId),
    check('credit_lots_remaining_valid', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.credits}`),
    check('credit_lots_credits_positive', sql`${t.credits} > 0 and ${t.expiredCredits} >= 0`),
    check(
      'credit_lots_source_valid',
      sql`${t.source} in ('purchase', 'pos', 'adjustment', 'import', 'booking_refund', 'opening')`,
    ),
  ],
);

/**
 * The credits a session holds, by the lot they came from: what its cancellation gives back, to the same lots. A
 * rescheduled session's shares move to the new one.
 */
export const sessionCredits = pgTable(
  'session_credits',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => roomSessions.id, { onDelete: 'cascade' }),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => creditLots.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.lotId] }),
    index('session_credits_lot_idx').on(t.lotId),
    check('session_credits_positive', sql`${t.credits} > 0`),
  ],
);

/**
 * The nightly expiry's runs (issue 44): one row per Mexico City day. A process takes the day's run by inserting its
 * row, or by taking over one whose lease ran out unfinished (a process killed mid-run); the others see it held or
 * finished and do nothing. What a run expires is decided lot by lot under the account's row lock, so even two runs
 * at once expire each lot once.
 */
export const creditExpiryRuns = pgTable('credit_expiry_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  holder: text('holder').notNull(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** How many lots and credits the run expired. */
  lots: integer('lots').notNull().default(0),
  credits: integer('credits').notNull().default(0),
});

/**
 * The ledger's deltas per Mexico City day and reason (issue 46): the owner's credits sold, used and expired of a
 * period read these rows, not the movements. Kept by the database at the commit of every movement (migrations 0027,
 * 0030): a transaction's movements count in one of 8 slots (by the transaction's id), so two commits rarely wait on
 * the same row, and a transaction of one reason takes one row (no deadlock between two commits).
 */
export const dailyCredits = pgTable(
  'daily_credits',
  {
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason', { enum: creditReasons }).notNull(),
    slot: smallint('slot').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'daily_credits_pkey', columns: [t.date, t.reason, t.slot] })],
);
