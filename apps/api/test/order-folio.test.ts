import { randomUUID } from 'node:crypto';
import { createBranch, createOrder, createProduct, createUser } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { formatFolio } from '@sala/shared/orders/folio';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 39: every order gets a short folio ("A-00123") from one database sequence; the API carries it wherever it
 * carries the order, people read it on tickets and receipts, and Ordenes' search box finds an order by it.
 */
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

const folioOf = async (id: string) =>
  (await t.db.select({ folio: orders.folio }).from(orders).where(eq(orders.id, id)))[0]!.folio;

type Row = { id: string; folio: number };
const search = async (q: string, extra = '') => {
  const res = await inject('GET', `/api/orders?q=${encodeURIComponent(q)}${extra}`, boss.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; rows: Row[] };
};

describe('the folio of an order', () => {
  it('20 sales at once at the point of sale get 20 distinct, consecutive folios, as their tickets say', async () => {
    const branch = await createBranch(t.db);
    const coffee = await createProduct(t.db, { priceCents: 3_500, credits: 0, isDigital: false });
    const clients = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db)));
    const results = await Promise.all(
      clients.map((client) =>
        inject('POST', '/api/pos/orders', cashier.cookie, {
          idempotencyKey: randomUUID(),
          clientId: client.id,
          branchId: branch.id,
          items: [{ productId: coffee.id, quantity: 1 }],
          cashCents: 3_500,
          // The first sale of the branch's day opens its drawer; the others find it.
          openingFloatCents: 0,
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const tickets = results.map((res) => res.json().order as Row);
    const folios = tickets.map((order) => order.folio).sort((a, b) => a - b);
    expect(new Set(folios).size).toBe(20);
    expect(folios.at(-1)! - folios[0]!).toBe(19);
    // What the API answered is what the database keeps.
    for (const order of tickets) expect(order.folio).toBe(await folioOf(order.id));
    // The next order, of any kind, follows them.
    const later = await createOrder(t.db, { isPos: false, branchId: null });
    expect(later.folio).toBe(folios.at(-1)! + 1);
  });

  it('travels with the order: ticket, admin list, the client’s orders, and the receipt by e-mail', async () => {
    const client = await loginAs(t, 'user');
    const branch = await createBranch(t.db);
    const pack = await createProduct(t.db, { priceCents: 50_000, credits: 5, isDigital: false });
    const sale = await inject('POST', '/api/pos/orders', cashier.cookie, {
      idempotencyKey: randomUUID(),
      clientId: client.user.id,
      branchId: branch.id,
      items: [{ productId: pack.id, quantity: 1 }],
      cardCents: 50_000,
      openingFloatCents: 0,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const { id, folio } = sale.json().order as Row;
    expect(folio).toBe(await folioOf(id));

    expect((await inject('GET', `/api/orders/${id}`, boss.cookie)).json()).toMatchObject({ id, folio });
    expect((await search(client.user.email)).rows).toMatchObject([{ id, folio }]);
    const mine = await inject('GET', '/api/me/orders', client.cookie);
    expect(mine.json().rows).toMatchObject([{ id, folio }]);

    // The receipt names the order by its folio, never by its id.
    const [receipt] = await t.db
      .select({ text: emailOutbox.text, html: emailOutbox.html })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, client.user.email));
    expect(receipt!.text).toContain(`Folio: ${formatFolio(folio)}`);
    expect(receipt!.text).not.toContain(id);
    expect(receipt!.html).not.toContain(id);

    // So does the audit log of its cancel.
    const cancel = await inject('POST', `/api/orders/${id}/cancel`, boss.cookie, {
      confirmation: 'cancelar orden',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry!.label).toBe(`Orden ${formatFolio(folio)} · ${client.user.name}`);
  });

  it('an OXXO voucher carries its order’s folio, and so does its e-mail', async () => {
    const product = await createProduct(t.db, { priceCents: 80_000, credits: 5 });
    const client = await loginAs(t, 'user');
    const res = await inject('POST', '/api/checkout', client.cookie, {
      checkoutId: randomUUID(),
      method: 'oxxo',
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, orderFolio } = res.json() as { orderId: string; orderFolio: number };
    expect(orderFolio).toBe(await folioOf(orderId));
    // Asked again (a reload of /pago), the same folio.
    const again = await inject('GET', `/api/checkout/${res.json().checkoutId}`, client.cookie);
    expect(again.json()).toMatchObject({ orderId, orderFolio });
    const [voucher] = await t.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, client.user.email));
    expect(voucher!.text).toContain(`Folio: ${formatFolio(orderFolio)}`);
    expect(voucher!.text).not.toContain(orderId);
  });
});

describe('finding an order by its folio in Ordenes', () => {
  /**
   * An order, and a client whose phone holds the order's folio digits, with three orders made after it: typed
   * digits may be either, and the order with that folio comes first.
   */
  async function lookalikes() {
    const order = await createOrder(t.db, { createdAt: new Date('2026-01-05T17:00:00Z') });
    const digits = String(order.folio);
    const phone = `55${digits.padStart(8, '0')}`;
    const client = await createUser(t.db, { phone });
    const others = [];
    for (let day = 6; day <= 8; day++)
      others.push(
        await createOrder(t.db, { userId: client.id, createdAt: new Date(`2026-01-0${day}T17:00:00Z`) }),
      );
    return { order, others, digits };
  }

  it('"A-00123" finds that order alone, through the unique folio', async () => {
    const { order } = await lookalikes();
    for (const q of [
      formatFolio(order.folio),
      `a-${order.folio}`,
      `A${String(order.folio).padStart(5, '0')}`,
    ]) {
      const found = await search(q);
      expect(found, q).toMatchObject({ total: 1, rows: [{ id: order.id, folio: order.folio }] });
    }
    expect(await search('A-99999999')).toMatchObject({ total: 0, rows: [] });
  });

  it('"00123" or "123" put that order first, then the clients whose phone holds the digits', async () => {
    const { order, others, digits } = await lookalikes();
    for (const q of [digits, digits.padStart(5, '0')]) {
      const found = await search(q, '&pageSize=50');
      expect(found.rows[0], q).toMatchObject({ id: order.id, folio: order.folio });
      const ids = found.rows.map((row) => row.id);
      for (const other of others) expect(ids, q).toContain(other.id);
      expect(found.total).toBe(found.rows.length);
    }
    // Any sort, any page, from either end: the folio's order stays on top of the first page, every row once.
    for (const dir of ['desc', 'asc']) {
      const total = (await search(digits)).total;
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(total / 2); page++)
        seen.push(
          ...(await search(digits, `&sort=createdAt&dir=${dir}&page=${page}&pageSize=2`)).rows.map(
            (r) => r.id,
          ),
        );
      expect(seen[0], dir).toBe(order.id);
      expect(new Set(seen).size).toBe(total);
      expect(seen).toHaveLength(total);
    }
  });

  it('a whole phone is still a phone, and a name still a name', async () => {
    const client = await createUser(t.db, { phone: '5512340987', name: 'Renata Folio Prueba' });
    const made = await createOrder(t.db, { userId: client.id });
    expect((await search('5512340987')).rows.map((r) => r.id)).toEqual([made.id]);
    expect((await search('Renata Folio')).rows.map((r) => r.id)).toEqual([made.id]);
  });

  it('leaves the other orders alone: only the folio asked for is found by it', async () => {
    const made = await Promise.all([1, 2, 3].map(() => createOrder(t.db)));
    const folios = await t.db
      .select({ id: orders.id, folio: orders.folio })
      .from(orders)
      .where(
        inArray(
          orders.id,
          made.map((o) => o.id),
        ),
      );
    for (const { id, folio } of folios)
      expect((await search(formatFolio(folio))).rows.map((r) => r.id)).toEqual([id]);
  });
});
