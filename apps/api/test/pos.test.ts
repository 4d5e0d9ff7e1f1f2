import { randomUUID } from 'node:crypto';
import { createBranch, createOrder, createProduct, createUser } from '@sala/db/factories/factories';
import { orderItems, orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger, creditLots } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { orderMessages } from '@sala/shared/orders/orders.messages';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import { WALK_IN_NAME } from '@sala/shared/pos/pos.rules';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayUnavailableError } from '../src/lib/payments/gateway';
import { rowsOf } from '../src/lib/sql-rows';
import { checkInvariants } from '../stress/invariants';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** The point of sale (POST /api/pos/orders) and the orders screen (list, ticket, cancel), on a fresh database. */
let t: TestApp;
let cashier: { user: { id: string; name: string }; cookie: string };
let boss: { user: { id: string; name: string }; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  cashier = await loginAs(t, 'admin');
  boss = await loginAs(t, 'superadmin');
});
afterAll(() => t.close());

const inject: TestApp['call'] = (...request) => t.call(...request);

async function balance(userId: string) {
  const [row] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}
const ledgerOf = (userId: string) => t.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

/** A client, a branch and two point-of-sale products: 'Café' $35 (1 + 1 credits) and 'Paquete' $500 (5 credits). */
let counters = 0;
async function counter() {
  counters += 1;
  const client = await createUser(t.db, { credits: 0 });
  const branch = await createBranch(t.db);
  const coffee = await createProduct(t.db, {
    name: `Café ${counters}`,
    priceCents: 3_500,
    credits: 1,
    extra: 1,
    isDigital: false,
  });
  const pack = await createProduct(t.db, {
    name: `Paquete ${counters}`,
    priceCents: 50_000,
    credits: 5,
    extra: 0,
    isDigital: false,
  });
  return { client, branch, coffee, pack };
}

const sale = (
  c: Awaited<ReturnType<typeof counter>>,
  items: { productId: string; quantity: number }[],
  payment: { cashCents?: number; cardCents?: number; transferCents?: number },
  idempotencyKey = randomUUID(),
) => ({
  idempotencyKey,
  clientId: c.client.id,
  branchId: c.branch.id,
  items,
  ...payment,
  // The first sale of the branch's day opens its drawer (issue 22); later ones leave the float unused.
  openingFloatCents: 0,
});

describe('a sale at the point of sale', () => {
  it('saves one order priced from the database and grants (credits + extra) × quantity through the ledger', async () => {
    const c = await counter();
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(
        c,
        [
          { productId: c.coffee.id, quantity: 3 },
          { productId: c.pack.id, quantity: 2 },
        ],
        { cashCents: 120_000 },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order, balance: after } = res.json();
    // 3 × 35 + 2 × 500 = 1 105 pesos; paid 1 200 in cash: 95 of change.
    expect(order).toMatchObject({
      status: 'completed',
      isPos: true,
      method: 'cash',
      branchName: c.branch.name,
      cashierName: cashier.user.name,
      client: { id: c.client.id, name: c.client.name },
      totalCents: 110_500,
      paidCashCents: 120_000,
      paidCardCents: 0,
      paidTransferCents: 0,
      changeCents: 9_500,
      creditsGranted: (1 + 1) * 3 + 5 * 2,
      cancelledAt: null,
      refunded: false,
    });
    expect(order.items).toHaveLength(2);
    expect(after).toBe(16);
    expect(await balance(c.client.id)).toBe(16);
    const ledger = await ledgerOf(c.client.id);
    expect(ledger).toMatchObject([
      { delta: 16, balanceAfter: 16, reason: 'pos', referenceId: order.id, actorId: cashier.user.id },
    ]);
    const [stored] = await ordersOf(c.client.id);
    expect(stored).toMatchObject({ cashierId: cashier.user.id, branchId: c.branch.id });
    // The receipt is written with the sale, for the outbox worker to send.
    const receipts = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, c.client.email));
    expect(receipts).toMatchObject([
      { subject: `Recibo de tu compra en ${c.branch.name}`, status: 'pending' },
    ]);
    expect(receipts[0]!.text).toContain('$95');
  });

  it('adds two lines of one product into one line', async () => {
    const c = await counter();
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(
        c,
        [
          { productId: c.coffee.id, quantity: 1 },
          { productId: c.coffee.id, quantity: 2 },
        ],
        { cardCents: 10_500 },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      method: 'card',
      totalCents: 10_500,
      changeCents: 0,
      items: [{ quantity: 3, unitPriceCents: 3_500, creditsGranted: 6 }],
    });
  });

  it('takes cash with a card or a transfer, giving change from the cash', async () => {
    const c = await counter();
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(c, [{ productId: c.pack.id, quantity: 1 }], { cashCents: 20_000, transferCents: 40_000 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({ method: 'mixed', changeCents: 10_000 });
  });

  it.each([
    [{}, m.noPaymentMethod],
    [{ cardCents: 30_000, transferCents: 20_000 }, m.cardAndTransfer],
    [{ cardCents: 60_000 }, m.cardOrTransferOverTotal],
    [{ transferCents: 50_001 }, m.cardOrTransferOverTotal],
    [{ cashCents: 49_999 }, m.sumBelowTotal],
    // A browser that priced the product lower pays what it thinks is due: short of the real total.
    [{ cardCents: 100 }, m.sumBelowTotal],
  ])('refuses the payment %j with its message, and stores nothing', async (payment, message) => {
    const c = await counter();
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(c, [{ productId: c.pack.id, quantity: 1, unitPriceCents: 100 } as never], payment),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid-argument', message });
    expect(await ordersOf(c.client.id)).toHaveLength(0);
    expect(await ledgerOf(c.client.id)).toHaveLength(0);
  });

  it('refuses an online product, an inactive one, an unknown client or branch, and an empty sale', async () => {
    const c = await counter();
    const online = await createProduct(t.db, { isDigital: true, priceCents: 1_000 });
    const inactive = await createProduct(t.db, { isDigital: false, isActive: false, priceCents: 1_000 });
    const cases: [object, number, string][] = [
      [sale(c, [{ productId: online.id, quantity: 1 }], { cashCents: 1_000 }), 400, m.productNotForSale],
      [sale(c, [{ productId: inactive.id, quantity: 1 }], { cashCents: 1_000 }), 400, m.productNotForSale],
      [sale(c, [{ productId: randomUUID(), quantity: 1 }], { cashCents: 1_000 }), 400, m.productNotForSale],
      [
        {
          ...sale(c, [{ productId: c.coffee.id, quantity: 1 }], { cashCents: 3_500 }),
          clientId: randomUUID(),
        },
        400,
        m.clientNotFound,
      ],
      [
        {
          ...sale(c, [{ productId: c.coffee.id, quantity: 1 }], { cashCents: 3_500 }),
          branchId: randomUUID(),
        },
        400,
        m.branchNotFound,
      ],
      [sale(c, [], { cashCents: 3_500 }), 400, m.noProducts],
      [{ ...sale(c, [{ productId: c.coffee.id, quantity: 1 }], {}), clientId: '' }, 400, m.requiredFields],
      [sale(c, [{ productId: c.coffee.id, quantity: 0 }], { cashCents: 3_500 }), 400, m.invalidQuantity],
      [sale(c, [{ productId: c.coffee.id, quantity: 1 }], { cashCents: -5 }), 400, m.invalidAmount],
    ];
    for (const [body, status, message] of cases) {
      const res = await inject('POST', '/api/pos/orders', cashier.cookie, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    const inactiveClient = await createUser(t.db, { isActive: false });
    const res = await inject('POST', '/api/pos/orders', cashier.cookie, {
      ...sale(c, [{ productId: c.coffee.id, quantity: 1 }], { cashCents: 3_500 }),
      clientId: inactiveClient.id,
    });
    expect(res.json().error.message).toBe(m.clientNotFound);
    expect(await ordersOf(c.client.id)).toHaveLength(0);
    expect(await ordersOf(inactiveClient.id)).toHaveLength(0);
  });

  it('makes one order of a retried request: the same key answers the same order, credits granted once', async () => {
    const c = await counter();
    const body = sale(c, [{ productId: c.pack.id, quantity: 1 }], { cashCents: 50_000 });
    const first = await inject('POST', '/api/pos/orders', cashier.cookie, body);
    const again = await inject('POST', '/api/pos/orders', cashier.cookie, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(await ordersOf(c.client.id)).toHaveLength(1);
    expect(await balance(c.client.id)).toBe(5);
    // The key of a sale made for someone else is not a way to read or redo it.
    const other = await createUser(t.db);
    const reused = await inject('POST', '/api/pos/orders', cashier.cookie, { ...body, clientId: other.id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.message).toBe(m.keyReused);
  });

  it('refuses a key that comes back with another sale: 409, the first order untouched, nothing charged twice', async () => {
    const c = await counter();
    const body = sale(
      c,
      [
        { productId: c.coffee.id, quantity: 2 },
        { productId: c.pack.id, quantity: 1 },
      ],
      { cashCents: 60_000 },
    );
    const first = await inject('POST', '/api/pos/orders', cashier.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    // The same sale with its lines in another order is a retry, not a new sale.
    const retried = await inject('POST', '/api/pos/orders', cashier.cookie, {
      ...body,
      items: [...body.items].reverse(),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().order.id).toBe(first.json().order.id);
    for (const changed of [
      { ...body, items: [{ productId: c.coffee.id, quantity: 3 }] },
      { ...body, items: [...body.items, { productId: c.coffee.id, quantity: 1 }] },
      { ...body, cashCents: 0, cardCents: 57_000 },
      { ...body, branchId: (await createBranch(t.db)).id },
    ]) {
      const res = await inject('POST', '/api/pos/orders', cashier.cookie, changed);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: 'aborted', message: m.keyReusedForAnotherSale });
    }
    const saved = await ordersOf(c.client.id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ totalCents: 57_000, paidCashCents: 60_000, changeCents: 3_000 });
    expect(await balance(c.client.id)).toBe(2 * 2 + 5);
    expect(await ledgerOf(c.client.id)).toHaveLength(1);
  });

  it('makes one order of 20 parallel submits of one sale (a double click, retries)', async () => {
    const c = await counter();
    const body = sale(c, [{ productId: c.pack.id, quantity: 2 }], { cashCents: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => inject('POST', '/api/pos/orders', cashier.cookie, body)),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(
      statuses.filter((s) => s === 201),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(results.map((res) => res.json().order.id)).size).toBe(1);
    expect(await ordersOf(c.client.id)).toHaveLength(1);
    expect(await balance(c.client.id)).toBe(10);
    expect(await ledgerOf(c.client.id)).toHaveLength(1);
  });

  it('lists only active point-of-sale products', async () => {
    const c = await counter();
    const online = await createProduct(t.db, { isDigital: true });
    const res = await inject('GET', '/api/pos/products', cashier.cookie);
    const ids = res.json().map((p: { id: string }) => p.id);
    expect(ids).toContain(c.coffee.id);
    expect(ids).not.toContain(online.id);
  });
});

describe('orders: list, ticket and cancel', () => {
  async function sold(credits = 5) {
    const c = await counter();
    const product = await createProduct(t.db, { priceCents: 10_000, credits, extra: 0, isDigital: false });
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(c, [{ productId: product.id, quantity: 1 }], { cashCents: 10_000 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return { ...c, order: res.json().order as { id: string } };
  }
  const cancel = (id: string, confirmation = 'cancelar orden') =>
    inject('POST', `/api/orders/${id}/cancel`, boss.cookie, { confirmation });

  it('lists orders newest first with the first two products, N more, cashier and status; finds by client', async () => {
    const c = await counter();
    const extra = await createProduct(t.db, { name: 'Zeta agua', priceCents: 1_000, isDigital: false });
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(
        c,
        [
          { productId: c.coffee.id, quantity: 2 },
          { productId: c.pack.id, quantity: 1 },
          { productId: extra.id, quantity: 1 },
        ],
        { cashCents: 60_000 },
      ),
    );
    expect(res.statusCode).toBe(201);
    const list = await inject('GET', `/api/orders?q=${encodeURIComponent(c.client.email)}`, boss.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      rows: [
        {
          id: res.json().order.id,
          clientName: c.client.name,
          clientPhone: c.client.phone,
          products: [`${c.coffee.name} × 2`, c.pack.name],
          moreProducts: 1,
          cashierName: cashier.user.name,
          status: 'completed',
          totalCents: 58_000,
        },
      ],
    });
    const all = await inject('GET', '/api/orders?pageSize=50', boss.cookie);
    const dates = all.json().rows.map((row: { createdAt: string }) => row.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages through every order exactly once, in order, also past the middle (read from the other end)', async () => {
    const client = await createUser(t.db);
    const made = [];
    for (let i = 0; i < 7; i++)
      made.push(
        await createOrder(t.db, {
          userId: client.id,
          totalCents: [500, 100, 700, 300, 100, 600, 200][i]!,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        }),
      );
    for (const [sort, dir, key] of [
      ['createdAt', 'desc', (o: { createdAt: Date }) => o.createdAt.toISOString()],
      ['totalCents', 'asc', (o: { totalCents: number }) => o.totalCents],
    ] as const) {
      const seen: { id: string }[] = [];
      for (let page = 1; page <= 4; page++) {
        const res = await inject(
          'GET',
          `/api/orders?q=${encodeURIComponent(client.email)}&sort=${sort}&dir=${dir}&page=${page}&pageSize=2`,
          boss.cookie,
        );
        expect(res.json().total).toBe(7);
        seen.push(...res.json().rows);
      }
      const expected = [...made]
        .sort((a, b) => {
          const [x, y] = [key(a as never), key(b as never)];
          return (x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : 1) * (dir === 'desc' ? -1 : 1);
        })
        .map((o) => o.id);
      expect(seen.map((row) => row.id)).toEqual(expected);
    }
    const past = await inject('GET', `/api/orders?q=${encodeURIComponent(client.email)}&page=9`, boss.cookie);
    expect(past.json()).toMatchObject({ total: 7, rows: [] });
  });

  it('sorts by client through the name each order holds (issue 46): a walk-in is the public, a renamed client moves, a hand-written name is put back', async () => {
    const early = await createUser(t.db, { name: 'Aarón Ábrego' });
    const late = await createUser(t.db, { name: 'Zoé Zamora' });
    const [first, last] = [
      await createOrder(t.db, { userId: early.id }),
      await createOrder(t.db, { userId: late.id }),
    ];
    const [walkIn] = await t.db
      .insert(orders)
      .values({ userId: null, isPos: true, method: 'cash', totalCents: 1_000, paidCashCents: 1_000 })
      .returning();
    const held = async () =>
      new Map(
        (await t.db.select({ id: orders.id, name: orders.clientName }).from(orders)).map((o) => [
          o.id,
          o.name,
        ]),
      );
    expect((await held()).get(walkIn!.id)).toBe(WALK_IN_NAME);
    const sorted = async () => {
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const res = await inject(
          'GET',
          `/api/orders?sort=clientName&dir=asc&pageSize=50&page=${page}`,
          boss.cookie,
        );
        expect(res.statusCode, res.body).toBe(200);
        const rows: { id: string }[] = res.json().rows;
        if (rows.length === 0) break;
        ids.push(...rows.map((row) => row.id));
      }
      return [first!.id, walkIn!.id, last!.id].map((id) => ids.indexOf(id)) as [number, number, number];
    };
    const [a, p, z] = await sorted();
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a < p && p < z).toBe(true);

    const renamed = await inject('PATCH', `/api/users/${early.id}`, boss.cookie, {
      name: 'Zuriel Zúñiga',
      email: early.email,
      phone: early.phone,
      credits: early.credits,
      role: 'user',
      isActive: true,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await held()).get(first!.id)).toBe('Zuriel Zúñiga');
    const [a2, p2, z2] = await sorted();
    expect(p2 < z2 && z2 < a2).toBe(true);

    // The column is the database's: whatever a statement writes there, the order holds its client's name.
    await t.db.update(orders).set({ clientName: 'Otro' }).where(eq(orders.id, last!.id));
    expect((await held()).get(last!.id)).toBe('Zoé Zamora');

    // The stress run's check of it holds, and counts an order whose name went stale behind the trigger's back.
    const check = async () =>
      (await checkInvariants(t.db)).find((r) =>
        r.name.startsWith('every order holds its client’s current name'),
      );
    expect(await check()).toMatchObject({ violations: 0 });
    await t.db.execute(sql`alter table orders disable trigger orders_client_name`);
    await t.db.update(orders).set({ clientName: 'Otro' }).where(eq(orders.id, last!.id));
    await t.db.execute(sql`alter table orders enable trigger orders_client_name`);
    expect(await check()).toMatchObject({ violations: 1 });
    await t.db.update(orders).set({ clientName: '' }).where(eq(orders.id, last!.id));
    expect(await check()).toMatchObject({ violations: 0 });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'a client renamed (by staff, or by themselves) while one of their orders is being cancelled waits for the cancel, never deadlocks (issue 46)',
    async () => {
      const renames = [
        (client: { id: string; email: string; phone: string; credits: number }, name: string) =>
          inject('PATCH', `/api/users/${client.id}`, boss.cookie, {
            name,
            email: client.email,
            phone: client.phone,
            credits: client.credits,
            role: 'user',
            isActive: true,
          }),
        (client: { phone: string }, name: string, cookie: string) =>
          inject('PATCH', '/api/me/profile', cookie, { name, phone: client.phone }),
      ];
      for (const [n, rename] of renames.entries()) {
        const { user: client, cookie } = await loginAs(t, 'user', { name: 'Renata Rangel' });
        const order = await createOrder(t.db, { userId: client.id });
        const name = ['Renata Rangel Ruiz', 'Renata Rangel Solís'][n]!;
        // A cancel takes the order, then the client's account (to take the credits back). Here its first step is
        // held open until the rename waits on a lock, and only then does it take the account.
        let renamed: ReturnType<typeof inject> | undefined;
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select id from orders where id = ${order.id} for update`);
          renamed = rename(client, name, cookie);
          let answered = false;
          void renamed.then(() => {
            answered = true;
          });
          // Asked outside the transaction: inside it, PostgreSQL shows the activity as it was at its first look.
          while (!answered) {
            const [row] = rowsOf<{ waiting: number }>(
              await t.db.execute(sql`select count(*)::int as waiting from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`),
            );
            if (row!.waiting > 0) break;
            await new Promise((resolve) => setImmediate(resolve));
          }
          await tx.execute(sql`select id from users where id = ${client.id} for update`);
        });
        const answer = await renamed!;
        expect(answer.statusCode, answer.body).toBe(200);
        const [held] = await t.db
          .select({ name: orders.clientName })
          .from(orders)
          .where(eq(orders.id, order.id));
        expect(held!.name).toBe(name);
      }
    },
  );

  it('refuses a wrong phrase with the spec message and changes nothing', async () => {
    const { order, client } = await sold();
    for (const confirmation of ['cancelar', 'Cancelar Orden', '']) {
      const res = await cancel(order.id, confirmation);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(orderMessages.phraseMismatch);
    }
    expect((await ordersOf(client.id))[0]!.status).toBe('completed');
    expect(await balance(client.id)).toBe(5);
  });

  it('cancels once: the credits come back through the ledger, a second cancel is refused', async () => {
    const { order, client } = await sold();
    const res = await cancel(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order: { id: order.id, status: 'cancelled' },
      creditsTakenBack: 5,
      creditsNotTakenBack: 0,
      refunded: false,
    });
    // The cancel's own instant, as the ticket shows it (an ISO timestamp of the last few seconds).
    const cancelledAt = Date.parse(res.json().order.cancelledAt);
    expect(Math.abs(Date.now() - cancelledAt)).toBeLessThan(60_000);
    expect(await balance(client.id)).toBe(0);
    expect((await ledgerOf(client.id)).map((row) => [row.reason, row.delta])).toEqual([
      ['pos', 5],
      ['order_cancel', -5],
    ]);
    const again = await cancel(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(orderMessages.alreadyCancelled);
    expect(await balance(client.id)).toBe(0);
  });

  it('never takes the balance below 0: what was spent stays spent, and the ledger says so', async () => {
    const { order, client } = await sold(5);
    // The client spends 3 of the 5 credits.
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ credits: 2 }).where(eq(users.id, client.id));
      // The lot the sale made gives them (issue 44: every credit belongs to a lot).
      await tx.update(creditLots).set({ remaining: 2 }).where(eq(creditLots.userId, client.id));
      await tx
        .insert(creditLedger)
        .values({ userId: client.id, delta: -3, balanceAfter: 2, reason: 'booking' });
    });
    const res = await cancel(order.id);
    expect(res.json()).toMatchObject({ creditsTakenBack: 2, creditsNotTakenBack: 3 });
    expect(await balance(client.id)).toBe(0);
    const last = (await ledgerOf(client.id)).find((row) => row.reason === 'order_cancel')!;
    expect(last).toMatchObject({ delta: -2, balanceAfter: 0, referenceId: order.id, actorId: boss.user.id });
    expect(last.note).toContain('3 ya usados');
  });

  it('a product with a validity sells a lot that ends that many days after the sale; a cancel takes back only from it', async () => {
    const c = await counter();
    const monthly = await createProduct(t.db, {
      priceCents: 20_000,
      credits: 3,
      extra: 1,
      isDigital: false,
      validityDays: 30,
    });
    const res = await inject(
      'POST',
      '/api/pos/orders',
      cashier.cookie,
      sale(
        c,
        [
          { productId: monthly.id, quantity: 2 },
          { productId: c.coffee.id, quantity: 1 },
        ],
        { cashCents: 43_500 },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order as { id: string };
    const lots = await t.db
      .select({ credits: creditLots.credits, expiresOn: creditLots.expiresOn, source: creditLots.source })
      .from(creditLots)
      .where(eq(creditLots.userId, c.client.id));
    // One lot per last day: 8 credits that end in 30 days, 2 (the coffee's) that never do.
    const today = businessDate(new Date());
    expect(lots.sort((a, b) => b.credits - a.credits)).toEqual([
      { credits: 8, expiresOn: addDays(today, 30), source: 'pos' },
      { credits: 2, expiresOn: null, source: 'pos' },
    ]);
    const [item] = await t.db
      .select({ validityDays: orderItems.validityDays })
      .from(orderItems)
      .where(eq(orderItems.productId, monthly.id));
    expect(item).toEqual({ validityDays: 30 });
    const cancelled = await cancel(order.id);
    expect(cancelled.json()).toMatchObject({ creditsTakenBack: 10, creditsNotTakenBack: 0 });
    expect(await balance(c.client.id)).toBe(0);
  });

  it('reverses once under 20 parallel cancels', async () => {
    const { order, client } = await sold(7);
    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(order.id)));
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await balance(client.id)).toBe(0);
    expect((await ledgerOf(client.id)).filter((row) => row.reason === 'order_cancel')).toHaveLength(1);
  });

  it('refunds an online card order through the test gateway that took it, and takes its credits back', async () => {
    const product = await createProduct(t.db, { priceCents: 80_000, credits: 4, extra: 1 });
    const buyer = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const started = await inject('POST', '/api/checkout', buyer.cookie, {
      checkoutId,
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(started.statusCode, started.body).toBe(201);
    const paid = await inject('POST', `/api/checkout/${checkoutId}/pay`, buyer.cookie, {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      holder: 'Ana Prueba',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await ordersOf(buyer.user.id);
    expect(await balance(buyer.user.id)).toBe(5);

    const refunds: unknown[] = [];
    const original = t.app.payments.refund;
    t.app.payments.refund = async (input) => {
      refunds.push(input);
      return original(input);
    };
    try {
      const res = await cancel(order!.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refunded: true, creditsTakenBack: 5, order: { refunded: true } });
    } finally {
      t.app.payments.refund = original;
    }
    expect(refunds).toEqual([
      { paymentRef: order!.paymentRef, amountCents: 80_000, idempotencyKey: `refund-${order!.id}` },
    ]);
    const [stored] = await ordersOf(buyer.user.id);
    expect(stored!.refundRef).toMatch(/^test_re_/);
    expect(await balance(buyer.user.id)).toBe(0);
  });

  it('leaves an online order completed, credits untouched, when its refund fails', async () => {
    const client = await createUser(t.db, { credits: 3 });
    const order = await createOrder(t.db, {
      userId: client.id,
      isPos: false,
      branchId: null,
      paidCardCents: 30_000,
      totalCents: 30_000,
      creditsGranted: 3,
      paymentRef: `test_pi_${randomUUID()}`,
    });
    const original = t.app.payments.refund;
    t.app.payments.refund = async () => {
      throw new GatewayUnavailableError('down');
    };
    try {
      const res = await cancel(order.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toBe(orderMessages.refundFailed);
    } finally {
      t.app.payments.refund = original;
    }
    expect((await ordersOf(client.id))[0]!.status).toBe('completed');
    expect(await balance(client.id)).toBe(3);
  });

  /** A paid online order of a fresh client (5 credits granted), as the store leaves it. */
  async function paidOnline() {
    const client = await createUser(t.db, { credits: 5 });
    const order = await createOrder(t.db, {
      userId: client.id,
      isPos: false,
      branchId: null,
      paidCardCents: 50_000,
      totalCents: 50_000,
      creditsGranted: 5,
      paymentRef: `test_pi_${randomUUID()}`,
    });
    return { client, order };
  }

  it('calls the refund with no transaction open: the order row is free while the provider answers', async () => {
    const { client, order } = await paidOnline();
    const original = t.app.payments.refund;
    let answer!: () => void;
    const provider = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let refundCalled!: () => void;
    const called = new Promise<void>((resolve) => {
      refundCalled = resolve;
    });
    t.app.payments.refund = async (input) => {
      refundCalled();
      await provider;
      return original(input);
    };
    try {
      const cancelling = cancel(order.id);
      await called;
      // While the provider is slow, another transaction locks the same order at once (on PGlite it would wait
      // behind any open transaction; on PostgreSQL NOWAIT fails if the row were locked).
      const locked = await t.db.transaction(async (tx) =>
        tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.id, order.id))
          .for('update', { noWait: true }),
      );
      expect(locked).toEqual([{ id: order.id }]);
      answer();
      const res = await cancelling;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ refunded: true, creditsTakenBack: 5 });
    } finally {
      t.app.payments.refund = original;
    }
    expect(await balance(client.id)).toBe(0);
  });

  it('refunds once at the provider and takes the credits back once under 20 parallel cancels of an online order', async () => {
    const { client, order } = await paidOnline();
    const keys: string[] = [];
    const original = t.app.payments.refund;
    t.app.payments.refund = async (input) => {
      keys.push(input.idempotencyKey);
      return original(input);
    };
    let results: Awaited<ReturnType<typeof cancel>>[];
    try {
      results = await Promise.all(Array.from({ length: 20 }, () => cancel(order.id)));
    } finally {
      t.app.payments.refund = original;
    }
    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    // Every call that reached the provider carried the order's key, so the provider made one refund.
    expect(new Set(keys)).toEqual(new Set([`refund-${order.id}`]));
    const refundRefs = new Set((await ordersOf(client.id)).map((row) => row.refundRef));
    expect(refundRefs.size).toBe(1);
    expect(await balance(client.id)).toBe(0);
    expect((await ledgerOf(client.id)).filter((row) => row.reason === 'order_cancel')).toHaveLength(1);
  });

  it('a cancel claim stops a second cancel while the refund is under way, and expires after a crash', async () => {
    const { client, order } = await paidOnline();
    const claim = (msAgo: number) =>
      t.db
        .update(orders)
        .set({ cancelClaimedAt: new Date(Date.now() - msAgo) })
        .where(eq(orders.id, order.id));
    await claim(30_000);
    const waiting = await cancel(order.id);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error.message).toBe(orderMessages.cancelInProgress);
    expect(await balance(client.id)).toBe(5);
    // The process that claimed it died three minutes ago: the claim has expired, and this cancel finishes.
    await claim(3 * 60_000);
    const res = await cancel(order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await ordersOf(client.id))[0]).toMatchObject({ status: 'cancelled', cancelClaimedAt: null });
  });

  it('a failed refund releases its claim: the next cancel tries again at once', async () => {
    const { client, order } = await paidOnline();
    const original = t.app.payments.refund;
    t.app.payments.refund = async () => {
      throw new GatewayUnavailableError('down');
    };
    try {
      expect((await cancel(order.id)).statusCode).toBe(503);
    } finally {
      t.app.payments.refund = original;
    }
    expect((await ordersOf(client.id))[0]).toMatchObject({ status: 'completed', cancelClaimedAt: null });
    const retried = await cancel(order.id);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await balance(client.id)).toBe(0);
  });

  it('shows the ticket of an order to staff, and 404 for an unknown one', async () => {
    const { order } = await sold();
    const res = await inject('GET', `/api/orders/${order.id}`, cashier.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, cashierName: cashier.user.name });
    const missing = await inject('GET', `/api/orders/${randomUUID()}`, cashier.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(orderMessages.notFound);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 1, unitPriceCents: 10_000, creditsGranted: 5 });
    expect(res.json().totalCents).toBe(10_000);
  });
});

describe('a walk-in sale ("Público en general", issue 22)', () => {
  it('sells products that grant no credits without a client, and the ticket, the list and the corte name the public', async () => {
    const c = await counter();
    const water = await createProduct(t.db, { priceCents: 2_000, credits: 0, extra: 0, isDigital: false });
    const res = await inject('POST', '/api/pos/orders', cashier.cookie, {
      ...sale(c, [{ productId: water.id, quantity: 2 }], { cashCents: 5_000 }),
      clientId: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      client: { id: null, name: 'Público en general' },
      totalCents: 4_000,
      changeCents: 1_000,
    });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.userId).toBeNull();
    const list = await inject('GET', '/api/orders?pageSize=10&sort=createdAt&dir=desc', boss.cookie);
    expect(list.json().rows.find((r: { id: string }) => r.id === order.id)).toMatchObject({
      clientName: 'Público en general',
      clientPhone: '',
    });
    const date = businessDate(new Date(order.createdAt));
    const corte = await inject('GET', `/api/cash-summary?date=${date}&branchId=${c.branch.id}`, boss.cookie);
    expect(corte.json().movements.find((mv: { id: string }) => mv.id === order.id)).toMatchObject({
      clientName: 'Público en general',
    });
    // No receipt without an address; at the counter the client may give one.
    const sent = await inject('POST', `/api/orders/${order.id}/send-ticket`, cashier.cookie, {
      email: 'Visitante@Example.test',
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'visitante@example.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Público en general');
  });

  it('refuses a product that grants credits without a client, and stores nothing', async () => {
    const c = await counter();
    const before = await t.db.$count(orders);
    const res = await inject('POST', '/api/pos/orders', cashier.cookie, {
      ...sale(c, [{ productId: c.pack.id, quantity: 1 }], { cashCents: 50_000 }),
      clientId: null,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(m.walkInCredits);
    expect(await t.db.$count(orders)).toBe(before);
  });

  it('sends only point-of-sale tickets by e-mail', async () => {
    const online = await createOrder(t.db, { isPos: false, branchId: null });
    const res = await inject('POST', `/api/orders/${online.id}/send-ticket`, cashier.cookie, {
      email: 'alguien@example.test',
    });
    expect(res.statusCode).toBe(409);
  });
});
