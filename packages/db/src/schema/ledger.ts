import { ledgerReasonLabels, type TLedgerReason } from '@sala/shared/users/client-account.contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
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
      sql`${t.reason} in ('purchase', 'pos', 'booking', 'booking_refund', 'order_cancel', 'adjustment', 'account_closed', 'reschedule', 'import')`,
    ),
  ],
);
