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
  // Issue 44: every credit of a balance belongs to one lot.
  {
    name: 'Σ remaining of a user’s lots = users.credits',
    violations: sql`select count(*)::int as n from users u
      where u.credits <> coalesce((select sum(remaining) from credit_lots l where l.user_id = u.id), 0)`,
  },
  {
    name: 'no lot below 0 (nor above what it granted)',
    violations: sql`select count(*)::int as n from credit_lots where remaining < 0 or remaining > credits`,
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
    // An order that was paid (paid_at: completed, or cancelled after it) granted its credits once; one whose OXXO
    // or SPEI money never came (pending, expired, cancelled while pending) granted none (issue 24).
    name: 'credits of an order granted once, only once paid',
    violations: sql`select count(*)::int as n from orders o
      where (select coalesce(sum(credits_granted), 0) from order_items i where i.order_id = o.id) > 0
        and (select count(*) from credit_ledger l where l.reference_id = o.id and l.reason in ('purchase', 'pos'))
          <> (case when o.paid_at is null then 0 else 1 end)`,
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
  {
    // Both ways: every figure of the rollup is the orders', and every day of completed orders is in it.
    name: 'daily sales = Σ completed orders, per day and branch (by method and by invoice cover)',
    violations: sql`with kept as (
        select date, branch_id, cash_cents, card_cents, transfer_cents, online_cents, orders::bigint as orders,
               total_cents, invoiced_cents, in_global_cents
        from daily_sales where orders <> 0 or cash_cents <> 0 or card_cents <> 0 or transfer_cents <> 0
          or online_cents <> 0 or total_cents <> 0 or invoiced_cents <> 0 or in_global_cents <> 0),
      summed as (
        select (paid_at at time zone 'America/Mexico_City')::date as date, branch_id,
               coalesce(sum(paid_cash_cents - change_cents) filter (where is_pos), 0) as cash_cents,
               coalesce(sum(paid_card_cents) filter (where is_pos), 0) as card_cents,
               coalesce(sum(paid_transfer_cents) filter (where is_pos), 0) as transfer_cents,
               coalesce(sum(total_cents) filter (where not is_pos), 0) as online_cents, count(*) as orders,
               sum(total_cents) as total_cents,
               coalesce(sum(total_cents) filter (where invoice_cover = 'own'), 0) as invoiced_cents,
               coalesce(sum(total_cents) filter (where invoice_cover = 'global'), 0) as in_global_cents
        from orders where status = 'completed' group by 1, 2)
      select count(*)::int as n from ((select * from kept except select * from summed)
        union all (select * from summed except select * from kept)) x`,
  },
  {
    name: 'daily product sales = Σ completed orders’ lines, per day, branch and name',
    violations: sql`with kept as (
        select date, branch_id, name, quantity::bigint as quantity, total_cents from daily_product_sales
        where quantity <> 0 or total_cents <> 0),
      summed as (
        select (o.paid_at at time zone 'America/Mexico_City')::date as date, o.branch_id, i.name,
               sum(i.quantity) as quantity, sum(i.quantity::bigint * i.unit_price_cents) as total_cents
        from order_items i join orders o on o.id = i.order_id where o.status = 'completed' group by 1, 2, 3)
      select count(*)::int as n from ((select * from kept except select * from summed)
        union all (select * from summed except select * from kept)) x`,
  },
  {
    name: 'daily product totals = Σ daily product sales of every branch, per day and name',
    violations: sql`with kept as (
        select date, name, quantity::bigint as quantity, total_cents from daily_product_totals
        where quantity <> 0 or total_cents <> 0),
      summed as (
        select date, name, sum(quantity)::bigint as quantity, sum(total_cents)::bigint as total_cents
        from daily_product_sales group by 1, 2 having sum(quantity) <> 0 or sum(total_cents) <> 0)
      select count(*)::int as n from ((select * from kept except select * from summed)
        union all (select * from summed except select * from kept)) x`,
  },
  {
    name: 'every order’s invoice cover = its live invoices (its own first, else a global one)',
    violations: sql`select count(*)::int as n from orders where invoice_cover is distinct from order_invoice_cover(id)`,
  },
  {
    name: 'every order holds its client’s current name (a walk-in sale: the public)',
    violations: sql`select count(*)::int as n from orders o left join users u on u.id = o.user_id
      where o.client_name is distinct from coalesce(u.name, 'Público en general')`,
  },
  {
    name: 'daily sessions = the active sessions, per day, branch and hour',
    violations: sql`with kept as (
        select d.date, d.branch_id, h.hour - 1 as hour, h.n::bigint as n
        from daily_sessions d cross join lateral unnest(d.by_hour) with ordinality as h(n, hour) where h.n <> 0),
      summed as (
        select (starts_at at time zone 'America/Mexico_City')::date as date, branch_id,
               extract(hour from starts_at at time zone 'America/Mexico_City')::bigint as hour, count(*) as n
        from room_sessions where cancelled_at is null group by 1, 2, 3)
      select count(*)::int as n from ((select * from kept except select * from summed)
        union all (select * from summed except select * from kept)) x`,
  },
  {
    name: 'daily credits = Σ ledger deltas, per day and reason',
    violations: sql`with kept as (
        select date, reason, sum(delta)::bigint as delta from daily_credits group by 1, 2 having sum(delta) <> 0),
      summed as (
        select (created_at at time zone 'America/Mexico_City')::date as date, reason, sum(delta)::bigint as delta
        from credit_ledger group by 1, 2 having sum(delta) <> 0)
      select count(*)::int as n from ((select * from kept except select * from summed)
        union all (select * from summed except select * from kept)) x`,
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
