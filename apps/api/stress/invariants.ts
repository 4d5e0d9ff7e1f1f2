import type { Db } from '@sala/db/client';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../src/lib/sql-rows';

/**
 * What must hold in the database whatever the load, the kills and the retries did (issue 20 point 7): each check
 * counts the rows that break it, so 0 is held. They read the tables directly, not through the app.
 */
export const INVARIANTS: { name: string; violations: SQL }[] = [
  {
    name: 'one active session per room and hour',
    violations: sql`select count(*)::int as n from (select 1 from room_sessions where cancelled_at is null
      group by room_id, starts_at having count(*) > 1) x`,
  },
  {
    name: 'one active session per client and hour',
    violations: sql`select count(*)::int as n from (select 1 from room_sessions
      where cancelled_at is null and user_id is not null group by user_id, starts_at having count(*) > 1) x`,
  },
  {
    name: 'no negative balance',
    violations: sql`select (select count(*) from users where credits < 0)
      + (select count(*) from credit_ledger where balance_after < 0) as n`,
  },
  {
    name: 'users.credits = Σ ledger, per user',
    violations: sql`select count(*)::int as n from users u
      where u.credits <> coalesce((select sum(delta) from credit_ledger l where l.user_id = u.id), 0)`,
  },
  {
    name: 'each session charged once, by its cost',
    violations: sql`select count(*)::int as n from room_sessions s
      where s.user_id is not null and s.credits_charged > 0 and (select count(*) from credit_ledger l
        where l.reference_id = s.id and l.reason = 'booking' and l.user_id = s.user_id
          and l.delta = -s.credits_charged) <> 1`,
  },
  {
    name: 'no charge without its session',
    violations: sql`select count(*)::int as n from credit_ledger l where l.reason = 'booking'
      and not exists (select 1 from room_sessions s where s.id = l.reference_id)`,
  },
  {
    name: 'a cancelled session refunded once, an active one never',
    violations: sql`select count(*)::int as n from room_sessions s
      where s.user_id is not null and s.credits_charged > 0 and (select count(*) from credit_ledger l
        where l.reference_id = s.id and l.reason = 'booking_refund' and l.delta = s.credits_charged)
        <> (case when s.cancelled_at is null then 0 else 1 end)`,
  },
  {
    name: 'every order has its lines',
    violations: sql`select count(*)::int as n from orders o
      where not exists (select 1 from order_items i where i.order_id = o.id)`,
  },
  {
    name: 'credits of an order granted once',
    violations: sql`select count(*)::int as n from orders o
      where (select coalesce(sum(credits_granted), 0) from order_items i where i.order_id = o.id) > 0
        and (select count(*) from credit_ledger l where l.reference_id = o.id and l.reason in ('purchase', 'pos'))
          <> 1`,
  },
  {
    name: 'an order reversed at most once (only a cancelled one)',
    violations: sql`select count(*)::int as n from orders o where (select count(*) from credit_ledger l
      where l.reference_id = o.id and l.reason = 'order_cancel') > (case when o.status = 'cancelled' then 1 else 0 end)`,
  },
  {
    name: 'one order per paid checkout',
    violations: sql`select count(*)::int as n from checkouts c where c.status = 'paid'
      and (select count(*) from orders o where o.payment_ref = c.payment_ref) <> 1`,
  },
  {
    name: 'one order per point-of-sale key',
    violations: sql`select count(*)::int as n from (select 1 from orders where idempotency_key is not null
      group by idempotency_key having count(*) > 1) x`,
  },
  {
    name: 'one session per booking key',
    violations: sql`select count(*)::int as n from (select 1 from room_sessions where idempotency_key is not null
      group by booked_by, idempotency_key having count(*) > 1) x`,
  },
];

export type CheckResult = { name: string; violations: number };

export async function checkInvariants(db: Db): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of INVARIANTS) {
    const [row] = rowsOf<{ n: number | string }>(await db.execute(check.violations));
    results.push({ name: check.name, violations: Number(row?.n ?? 0) });
  }
  return results;
}
