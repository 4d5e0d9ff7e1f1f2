import { hoursOn } from '@sala/shared/bookings/availability';
import { expectedCashCents } from '@sala/shared/cash-drawer/drawer.rules';
import { formatMoney } from '@sala/shared/format/money';
import { formatHour, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { BUSINESS_TIME_ZONE, businessDate, businessInstant } from '@sala/shared/time/business-time';
import { and, eq, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { insertAll } from '../bulk-insert';
import type { Tx } from '../client';
import { newId } from '../ids';
import { auditLog } from '../schema/audit';
import { cashDrawers, costs, orders } from '../schema/commerce';
import { branches } from '../schema/locations';

/**
 * The demo's cash drawers (issue 39; design §8, docs/decisions/020 and 027): every branch-day with sales at the
 * counter has the drawer its first sale would have opened. A past day's is closed after the branch closed, counted
 * against the corte's arithmetic (float + cash received − change − the branch's expenses of the day) over the sales
 * that stood at closing; a few are off by a little, with a note. Today's stays open, so the point of sale does not
 * call the next sale the first of the day. Built from the orders and expenses already stored, so it also gives a
 * demo seeded before the drawers existed its drawers, once: a branch-day that has a drawer is left as it is.
 */

/** The float staff leave in the drawer every morning. */
const FLOAT_CENTS = 50_000;
/**
 * decisions/020: a branch's expenses of the day are paid from its drawer. The demo's are (rent and the electricity
 * bill among them), so the morning's float brings the cash to pay them, in $500 steps above the usual float.
 */
const FLOAT_STEP_CENTS = 50_000;

/** The few counts that do not square, with what staff wrote (a difference always carries a note). */
const MISCOUNTS: readonly { cents: number; note: (amount: string) => string }[] = [
  { cents: -2_000, note: (amount) => `Faltaron ${amount}; probablemente un cambio mal entregado.` },
  { cents: 1_000, note: (amount) => `Sobraron ${amount}; un cliente no esperó su cambio.` },
  { cents: -5_000, note: (amount) => `Faltaron ${amount}; se revisará con recepción el cambio del día.` },
  { cents: 2_000, note: (amount) => `Sobraron ${amount} sin identificar; se dejaron en la caja.` },
  { cents: -1_000, note: (amount) => `Faltaron ${amount} en monedas.` },
];
/** About one closing in sixteen is off. */
const MISCOUNT_EVERY = 16;

const MINUTE = 60_000;

/** FNV-1a: a stable number from a text, so the same branch and date always get the same count (no clock, no RNG). */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** When a branch closes on a date (the end of its last hour), or null when it does not open. */
function closingTime(schedule: WeeklySchedule, date: string): number | null {
  const hours = hoursOn(schedule, date);
  if (hours.length === 0) return null;
  return businessInstant(date, formatHour(Number(hours.at(-1)!.slice(0, 2)) + 1)).getTime();
}

type Sale = {
  branchId: string;
  date: string;
  createdAt: Date;
  status: string;
  cancelledAt: Date | null;
  paidCashCents: number;
  changeCents: number;
  cashierId: string | null;
  cashierName: string;
};

/** Writes the drawers the stored sales call for (see above), in the caller's transaction; answers how many. */
export async function seedDemoDrawers(tx: Tx, options: { now: Date }): Promise<number> {
  const now = options.now.getTime();
  const today = businessDate(options.now);
  const day = sql<string>`((${orders.createdAt} at time zone ${BUSINESS_TIME_ZONE})::date)::text`;
  const sales: Sale[] = await tx
    .select({
      branchId: sql<string>`${orders.branchId}`,
      date: day,
      createdAt: orders.createdAt,
      status: orders.status,
      cancelledAt: orders.cancelledAt,
      paidCashCents: orders.paidCashCents,
      changeCents: orders.changeCents,
      cashierId: orders.cashierId,
      cashierName: orders.cashierName,
    })
    .from(orders)
    .where(
      and(
        eq(orders.isPos, true),
        isNotNull(orders.branchId),
        lte(orders.createdAt, options.now),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(cashDrawers)
            .where(and(eq(cashDrawers.branchId, orders.branchId), sql`${cashDrawers.date}::text = ${day}`)),
        ),
      ),
    )
    .orderBy(orders.createdAt, orders.id);
  if (sales.length === 0) return 0;

  const places = new Map(
    (
      await tx.select({ id: branches.id, name: branches.name, schedule: branches.schedule }).from(branches)
    ).map((b) => [b.id, b]),
  );
  const spent = new Map(
    (
      await tx
        .select({
          branchId: costs.branchId,
          date: costs.date,
          cents: sql<number>`sum(${costs.totalCents})::int`,
        })
        .from(costs)
        .where(isNotNull(costs.branchId))
        .groupBy(costs.branchId, costs.date)
    ).map((c) => [`${c.branchId}|${c.date}`, c.cents]),
  );

  const drawers: (typeof cashDrawers.$inferInsert)[] = [];
  const audit: (typeof auditLog.$inferInsert)[] = [];
  const days = new Map<string, Sale[]>();
  for (const sale of sales) {
    const key = `${sale.branchId}|${sale.date}`;
    days.set(key, [...(days.get(key) ?? []), sale]);
  }
  for (const [key, daySales] of days) {
    const branch = places.get(daySales[0]!.branchId)!;
    const { date } = daySales[0]!;
    const hash = stableHash(`${branch.name}|${date}`);
    const first = daySales[0]!;
    const last = daySales.at(-1)!;
    const expensesCents = spent.get(key) ?? 0;
    const openingFloatCents = FLOAT_CENTS + Math.ceil(expensesCents / FLOAT_STEP_CENTS) * FLOAT_STEP_CENTS;
    const opened = {
      id: newId(),
      branchId: branch.id,
      date,
      openingFloatCents,
      // A few minutes before the first sale: staff count the float in as they open.
      openedAt: new Date(first.createdAt.getTime() - (4 + (hash % 9)) * MINUTE),
      openedById: first.cashierId,
      openedByName: first.cashierName,
    };
    if (date >= today) {
      // Every column given: one JSON insert holds open and closed drawers, and a missing field would be null.
      drawers.push({ ...opened, status: 'open', createdAt: opened.openedAt, updatedAt: opened.openedAt });
      continue;
    }
    // Counted after the branch closed (and after its last sale), by whoever made the last sale.
    const closing = Math.max(
      (closingTime(branch.schedule, date) ?? last.createdAt.getTime()) + (5 + (hash % 16)) * MINUTE,
      last.createdAt.getTime() + 10 * MINUTE,
    );
    const closedAt = new Date(Math.min(closing, now));
    // What the drawer held then: a sale cancelled later was still in it.
    const standing = daySales.filter(
      (sale) => sale.status === 'completed' || (sale.cancelledAt !== null && sale.cancelledAt > closedAt),
    );
    const expectedCents = expectedCashCents({
      openingFloatCents,
      cashReceivedCents: standing.reduce((sum, sale) => sum + sale.paidCashCents, 0),
      changeCents: standing.reduce((sum, sale) => sum + sale.changeCents, 0),
      cashExpensesCents: expensesCents,
    });
    const miscount = hash % MISCOUNT_EVERY === 0 ? MISCOUNTS[(hash >>> 8) % MISCOUNTS.length]! : null;
    const differenceCents = miscount?.cents ?? 0;
    const countedCents = expectedCents + differenceCents;
    const closer = { id: last.cashierId, name: last.cashierName };
    drawers.push({
      ...opened,
      status: 'closed',
      closedAt,
      closedById: closer.id,
      closedByName: closer.name,
      expectedCents,
      countedCents,
      differenceCents,
      note: miscount ? miscount.note(formatMoney(Math.abs(differenceCents))) : null,
      createdAt: opened.openedAt,
      updatedAt: closedAt,
    });
    audit.push({
      id: newId(),
      at: closedAt,
      actorId: closer.id,
      actorName: closer.name,
      action: 'cash_drawer.close',
      entity: 'cash_drawer',
      entityId: opened.id,
      label: `Caja de ${branch.name} · ${date}`,
      before: { status: 'open' },
      after: {
        status: 'closed',
        expected: formatMoney(expectedCents),
        counted: formatMoney(countedCents),
        difference: formatMoney(differenceCents),
      },
    });
  }
  await insertAll(tx, cashDrawers, drawers);
  await insertAll(tx, auditLog, audit);
  return drawers.length;
}
