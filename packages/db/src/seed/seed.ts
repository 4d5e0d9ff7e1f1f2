import { pesosToCents } from '@sala/shared/format/money';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { hashPassword } from '../password';
import { products } from '../schema/commerce';
import { creditLedger, creditLots } from '../schema/ledger';
import { branches, cities, rooms } from '../schema/locations';
import { businessSettings, consents } from '../schema/privacy';
import { users } from '../schema/users';
import { DEMO_PASSWORD, demoAccounts, demoLocations, demoProducts } from './demo-data';
import { type HistoryReport, seedDemoHistory } from './history';

export type SeedReport = {
  created: number;
  accounts: { email: string; role: string }[];
  /** The lived-in history, when this run wrote it (a first start; `npm run db:seed` once). */
  history?: HistoryReport;
};

/** Any constant: every process that seeds takes the same lock, so two first starts never seed twice. */
const SEED_LOCK_KEY = 7_310_042;

async function isEmpty(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Writes the demo business. Idempotent: each item is matched by its natural key (zone name, branch name
 * in its zone, room position in its branch, product name, account e-mail) and created only when missing.
 */
export async function seedDemoData(db: Db): Promise<SeedReport> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const report = await seedInTransaction(tx, passwordHash);
    // Tests build on this one: every balance without an expiry, whatever day their clock says.
    await openDemoLots(tx, null);
    return report;
  });
}

/**
 * The first start of a demo install: seeds only a database nobody has used yet (no users), the business and eight
 * weeks of its life up to `now` (history.ts), in one transaction.
 */
export async function seedDemoDataIfEmpty(db: Db, now = new Date()): Promise<SeedReport | null> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return null;
    const report = await seedInTransaction(tx, passwordHash);
    const history = await seedDemoHistory(tx, { now });
    await openDemoLots(tx, now);
    return { ...report, history };
  });
}

/** The demo client, whose credits show an expiry. */
const DEMO_CLIENT_EMAIL = 'cliente@example.com';

/**
 * Every demo balance as lots (issue 44): the demo client holds 4 credits that expire in 12 days (so /perfil and the
 * booking show an expiry) and the rest without one; every other balance is one lot that never expires, as the
 * migration opened the balances that existed before lots.
 */
export async function openDemoLots(tx: Tx, now: Date | null) {
  const soon = now ? addDays(businessDate(now), 12) : null;
  await tx.execute(sql`
    with balances as (
      select "id", "credits", case when ${soon !== null} and lower("email") = ${DEMO_CLIENT_EMAIL} then least("credits", 4) else 0 end as "expiring"
      from ${users} u where "credits" > 0 and not exists (select 1 from ${creditLots} l where l."user_id" = u."id")
    )
    insert into ${creditLots} ("id", "user_id", "credits", "remaining", "expires_on", "source")
    select gen_random_uuid(), "id", "expiring", "expiring", ${soon}::date, 'adjustment' from balances where "expiring" > 0
    union all
    select gen_random_uuid(), "id", "credits" - "expiring", "credits" - "expiring", null, 'opening' from balances
    where "credits" > "expiring"`);
}

async function seedInTransaction(tx: Tx, passwordHash: string): Promise<SeedReport> {
  let created = 0;

  for (const location of demoLocations) {
    let [city] = await tx.select().from(cities).where(eq(cities.name, location.city));
    if (!city) {
      [city] = await tx.insert(cities).values({ name: location.city }).returning();
      created++;
    }
    const cityId = city!.id;
    for (const demoBranch of location.branches) {
      let [branch] = await tx
        .select()
        .from(branches)
        .where(and(eq(branches.cityId, cityId), eq(branches.name, demoBranch.name)));
      if (!branch) {
        [branch] = await tx
          .insert(branches)
          .values({
            name: demoBranch.name,
            cityId,
            sessionCost: demoBranch.sessionCost,
            schedule: demoBranch.schedule,
            ...demoBranch.details,
          })
          .returning();
        created++;
      } else if (branch.address === '') {
        // A demo branch from before issue 14: give it what the public site shows, once.
        [branch] = await tx
          .update(branches)
          .set(demoBranch.details)
          .where(eq(branches.id, branch.id))
          .returning();
      }
      const roomRows = Array.from({ length: demoBranch.rooms }, (_, i) => ({
        name: `Sala ${i + 1}`,
        position: i + 1,
        cityId,
        branchId: branch!.id,
      }));
      const inserted = await tx
        .insert(rooms)
        .values(roomRows)
        .onConflictDoNothing()
        .returning({ id: rooms.id });
      created += inserted.length;
    }
  }

  for (const demo of demoProducts) {
    const [existing] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.name, demo.name));
    if (existing) continue;
    await tx.insert(products).values({
      name: demo.name,
      description: demo.description,
      priceCents: pesosToCents(demo.pesos),
      credits: demo.credits,
      extra: demo.extra,
      isDigital: demo.isDigital,
      isService: demo.isService,
      isActive: demo.isActive ?? true,
      validityDays: demo.validityDays ?? null,
    });
    created++;
  }

  for (const account of demoAccounts) {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${account.email}`);
    if (existing) continue;
    const [user] = await tx
      .insert(users)
      .values({
        name: account.name,
        email: account.email,
        phone: account.phone,
        role: account.role,
        isActive: true,
        credits: account.credits,
        passwordHash,
      })
      .returning({ id: users.id });
    // The demo's people accepted today's notice and terms when they signed up: no question at their first login.
    const acceptedAt = new Date();
    await tx.insert(consents).values(
      (['privacy', 'terms'] as const).map((document) => ({
        userId: user!.id,
        document,
        version: currentVersion(document === 'privacy' ? PRIVACY_NOTICE_VERSIONS : TERMS_VERSIONS).version,
        way: 'registration' as const,
        acceptedAt,
      })),
    );
    if (account.credits > 0) {
      await tx.insert(creditLedger).values({
        userId: user!.id,
        delta: account.credits,
        balanceAfter: account.credits,
        reason: 'adjustment',
        note: 'Créditos de demostración',
      });
    }
    created++;
  }

  // The business's legal facts, as obvious examples: /admin says so until a super admin writes the real ones.
  const settings = await tx
    .insert(businessSettings)
    .values({ id: 1, ...EXAMPLE_LEGAL_FACTS })
    .onConflictDoNothing()
    .returning({ id: businessSettings.id });
  created += settings.length;

  return { created, accounts: demoAccounts.map(({ email, role }) => ({ email, role })) };
}

export function describeDemoAccounts(): string {
  const lines = demoAccounts.map(
    (a) => `  ${a.email.padEnd(24)} ${a.role.padEnd(11)} contraseña: ${DEMO_PASSWORD}`,
  );
  return ['Cuentas de demostración:', ...lines].join('\n');
}

/** What the first start prints of the lived-in history. */
export function describeHistory(history: HistoryReport): string {
  return `Historia de demostración: ${history.clients} clientes, ${history.sessions} sesiones (${history.cancelled} canceladas), ${history.orders} ventas, ${history.costs} gastos y ${history.drawers} cajas de las últimas ocho semanas y los próximos días.`;
}
