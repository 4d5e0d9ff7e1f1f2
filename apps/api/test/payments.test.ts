import { randomUUID } from 'node:crypto';
import { createProduct } from '@sala/db/factories/factories';
import { orderItems, orders, products } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger, creditLots } from '@sala/db/schema/ledger';
import { checkouts } from '@sala/db/schema/payments';

import { users } from '@sala/db/schema/users';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { userMessages } from '@sala/shared/users/users.messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCheckout } from '../src/modules/payments/payments.repository';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/** The online store with the built-in test gateway (no Stripe keys): the default, offline. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://reservas.example.mx' } });
});
afterAll(() => t.close());

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', holder: 'Ana Prueba' };
const DECLINED = { ...GOOD_CARD, number: '4000 0000 0000 0002' };
const NO_FUNDS = { ...GOOD_CARD, number: '4000000000009995' };

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

async function start(
  cookie: string,
  items: { productId: string; quantity: number }[],
  checkoutId = randomUUID(),
) {
  return post('/api/checkout', cookie, { checkoutId, items });
}
async function ordersOf(userId: string) {
  return t.db.select().from(orders).where(eq(orders.userId, userId));
}
async function ledgerOf(userId: string) {
  return t.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
}
async function balance(userId: string) {
  const [row] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

describe('starting a checkout under load (issue 20 point 6)', () => {
  it('waits for a connection three times in a row, as a booking does: the session, two reads at once, the insert', async () => {
    const product = await createProduct(t.db, { priceCents: 100_000, credits: 2 });
    const { cookie } = await loginAs(t, 'user');
    const before = t.database.pool();
    const res = await start(cookie, [{ productId: product.id, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
    // The session lookup; the checkout and the cart's prices, asked at once on two connections; the insert (it was
    // six turns, each query its own; then three, the two reads in a transaction of four statements).
    const after = t.database.pool();
    expect(after.acquired - before.acquired).toBeLessThanOrEqual(4);
    expect(after.statements - before.statements).toBeLessThanOrEqual(4);
  });
});

describe('the cart priced by the server', () => {
  it('takes prices, credits and names from the database; whatever else the browser sends is ignored', async () => {
    const base = await createProduct(t.db, { name: 'Paquete 5', priceCents: 150_000, credits: 5, extra: 1 });
    const big = await createProduct(t.db, { name: 'Paquete 10', priceCents: 280_000, credits: 10, extra: 2 });
    const { cookie } = await loginAs(t, 'user');
    const res = await post('/api/checkout', cookie, {
      checkoutId: randomUUID(),
      items: [
        { productId: base.id, quantity: 2, priceCents: 1, unitPriceCents: 1, credits: 999 },
        { productId: big.id.toUpperCase(), quantity: 1 },
      ],
      amountCents: 100,
      totalCredits: 1_000,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      mode: 'test',
      status: 'pending',
      amountCents: 2 * 150_000 + 280_000,
      // Σ (credits + extra) × quantity
      totalCredits: (5 + 1) * 2 + (10 + 2) * 1,
      clientSecret: null,
      publishableKey: null,
      items: [
        { productId: base.id, name: 'Paquete 5', unitPriceCents: 150_000, credits: 5, extra: 1, quantity: 2 },
        {
          productId: big.id,
          name: 'Paquete 10',
          unitPriceCents: 280_000,
          credits: 10,
          extra: 2,
          quantity: 1,
        },
      ],
    });
  });

  it.each([
    ['inactive', { isActive: false }],
    ['point-of-sale only', { isDigital: false }],
  ])('refuses a %s product with its name and stores nothing', async (_kind, overrides) => {
    const ok = await createProduct(t.db);
    const refused = await createProduct(t.db, { name: 'Café de grano', ...overrides });
    const { user, cookie } = await loginAs(t, 'user');
    const res = await start(cookie, [
      { productId: ok.id, quantity: 1 },
      { productId: refused.id, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'aborted',
      message: m.notForSale('Café de grano'),
      fields: { 'items.1': m.notForSale('Café de grano') },
    });
    expect(await t.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toEqual([]);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('refuses a product that does not exist', async () => {
    const { cookie } = await loginAs(t, 'user');
    const res = await start(cookie, [{ productId: randomUUID(), quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.notForSale('Un producto de tu carrito'));
  });

  it.each([
    ['an empty cart', { items: [] }, m.emptyCart],
    ['quantity 0', { items: [{ productId: randomUUID(), quantity: 0 }] }, 'La cantidad debe ser al menos 1.'],
    [
      'a fractional quantity',
      { items: [{ productId: randomUUID(), quantity: 1.5 }] },
      'La cantidad debe ser un número entero.',
    ],
    ['a product id that is no id', { items: [{ productId: 'x', quantity: 1 }] }, undefined],
  ])('answers %s with a 400 in Spanish', async (_case, payload, message) => {
    const { cookie } = await loginAs(t, 'user');
    const res = await post('/api/checkout', cookie, { checkoutId: randomUUID(), ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    if (message) expect(res.body).toContain(message);
  });

  it('resumes the same checkout for the same id, and refuses it with another cart or to another client', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const { cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const [a, b] = await Promise.all([
      start(cookie, [{ productId: product.id, quantity: 1 }], checkoutId),
      start(cookie, [{ productId: product.id, quantity: 1 }], checkoutId),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))).toHaveLength(1);

    const changed = await start(cookie, [{ productId: other.id, quantity: 1 }], checkoutId);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(m.checkoutChanged);

    const stranger = await loginAs(t, 'user');
    const taken = await start(stranger.cookie, [{ productId: product.id, quantity: 1 }], checkoutId);
    expect(taken.statusCode).toBe(404);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/${checkoutId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(peek.statusCode).toBe(404);
    const pay = await post(`/api/checkout/${checkoutId}/pay`, stranger.cookie, GOOD_CARD);
    expect(pay.statusCode).toBe(404);
  });

  it("stores nothing when its payment is already another checkout's: every unique index decides the insert", async () => {
    // A doubled start inserts the same id and payment twice. The insert once gave way on the id alone; the payment's
    // own unique index then failed it with a 409 whenever the id's check passed before the first had written its id
    // (one of five starts at once, on a busy machine). Another checkout holding the payment shows the same index.
    const product = await createProduct(t.db);
    const { user, cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const holder = await insertCheckout(t.db, {
      id: randomUUID(),
      userId: user.id,
      items: [],
      amountCents: 100,
      totalCredits: 1,
      gateway: 'test',
      // The test gateway names a checkout's payment after its id (the idempotency key).
      paymentRef: `test_pi_${checkoutId}`,
      method: 'card',
      expiresAt: new Date(Date.now() + 3_600_000),
      nextCheckAt: new Date(Date.now() + 3_600_000),
    });
    const res = await start(cookie, [{ productId: product.id, quantity: 1 }], checkoutId);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.message).toBe(m.initFailed);
    expect(await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId))).toEqual([]);
    const [kept] = await t.db.select().from(checkouts).where(eq(checkouts.id, holder!.id));
    expect(kept).toEqual(holder);
  });

  it('keeps the price of the moment the checkout started', async () => {
    const product = await createProduct(t.db, { priceCents: 100_000, credits: 4 });
    const { user, cookie } = await loginAs(t, 'user');
    const started = await start(cookie, [{ productId: product.id, quantity: 1 }]);
    const { checkoutId } = started.json();
    await t.db.update(products).set({ priceCents: 120_000, credits: 1 }).where(eq(products.id, product.id));
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(user.id);
    expect(order!.totalCents).toBe(100_000);
    expect(await balance(user.id)).toBe(4);
  });
});

describe('paying with the test gateway', () => {
  it('completes the order, grants Σ (credits + extra) × quantity through the ledger and writes the receipt', async () => {
    const five = await createProduct(t.db, { name: 'Paquete 5', priceCents: 150_000, credits: 5, extra: 1 });
    const ten = await createProduct(t.db, { name: 'Paquete 10', priceCents: 280_000, credits: 10, extra: 0 });
    const { user, cookie } = await loginAs(t, 'user', { credits: 3 });
    const started = await start(cookie, [
      { productId: five.id, quantity: 2 },
      { productId: ten.id, quantity: 1 },
    ]);
    const { checkoutId } = started.json();
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'paid',
      balance: 3 + 12 + 10,
      order: { totalCents: 580_000, totalCredits: 22 },
    });

    const [order] = await ordersOf(user.id);
    expect(order).toMatchObject({
      id: body.order.id,
      isPos: false,
      method: 'card',
      status: 'completed',
      cashierName: 'Tienda en linea',
      totalCents: 580_000,
      paidCardCents: 580_000,
      paymentRef: `test_pi_${checkoutId}`,
    });
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(lines.map((l) => [l.name, l.quantity, l.unitPriceCents, l.creditsGranted]).sort()).toEqual([
      ['Paquete 10', 1, 280_000, 10],
      ['Paquete 5', 2, 150_000, 12],
    ]);
    const ledger = await ledgerOf(user.id);
    expect(ledger.filter((row) => row.reason === 'purchase')).toMatchObject([
      { delta: 22, balanceAfter: 25, referenceId: order!.id },
    ]);
    expect(await balance(user.id)).toBe(25);

    const [receipt] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(receipt!.subject).toBe('Recibo de tu compra en Sala Común');
    expect(receipt!.text).toContain('Paquete 5 · × 2 · $3,000');
    expect(receipt!.text).toContain('Créditos agregados: 22');
    expect(receipt!.text).toContain('Saldo: 25 créditos');
    expect(receipt!.text).toContain('https://reservas.example.mx/perfil/mis-pedidos');

    // The purchase shows in Mis Pedidos.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/me/orders?page=1&pageSize=5',
      headers: { cookie },
    });
    expect(mine.json().rows[0]).toMatchObject({
      id: order!.id,
      totalCents: 580_000,
      status: 'completed',
      creditsGranted: 22,
      products: ['Paquete 10', 'Paquete 5 × 2'],
    });
  });

  it.each([
    ['declined', DECLINED, m.cardDeclined],
    ['short of funds', NO_FUNDS, m.insufficientFunds],
    ['unknown', { ...GOOD_CARD, number: '4111 1111 1111 1111' }, m.cardInvalid],
  ])(
    'a %s card answers the spec message and changes nothing; a good card then pays',
    async (_k, card, reason) => {
      const product = await createProduct(t.db, { credits: 5 });
      const { user, cookie } = await loginAs(t, 'user', { credits: 1 });
      const { checkoutId } = (await start(cookie, [{ productId: product.id, quantity: 1 }])).json();
      const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, card);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ message: m.paymentFailed, fields: { card: reason } });
      expect(await ordersOf(user.id)).toEqual([]);
      expect(await balance(user.id)).toBe(1);
      expect((await ledgerOf(user.id)).filter((row) => row.reason === 'purchase')).toEqual([]);
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))).toEqual([]);

      const retry = await post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD);
      expect(retry.statusCode).toBe(200);
      expect(await balance(user.id)).toBe(6);
    },
  );

  it.each([
    ['a short number', { number: '4242 4242' }, 'number', m.cardNumber],
    ['letters', { number: '4242 4242 4242 424x' }, 'number', m.cardNumber],
    ['a bad expiry', { expiry: '13/30' }, 'expiry', m.cardExpiry],
    ['a past expiry', { expiry: '01/20' }, 'expiry', m.cardExpiry],
    ['a short cvc', { cvc: '1' }, 'cvc', m.cardCvc],
    ['no holder', { holder: ' ' }, 'holder', m.cardHolder],
    ['a control character', { holder: 'Ana\u0000' }, 'holder', undefined],
  ])('refuses %s before charging', async (_k, change, field, message) => {
    const product = await createProduct(t.db);
    const { user, cookie } = await loginAs(t, 'user');
    const { checkoutId } = (await start(cookie, [{ productId: product.id, quantity: 1 }])).json();
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, { ...GOOD_CARD, ...change });
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('invalid-argument');
    expect(Object.keys(error.fields)).toContain(field);
    if (message) expect(error.fields[field]).toBe(message);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('a package with a validity grants a lot that ends that many days after the payment (issue 44)', async () => {
    const monthly = await createProduct(t.db, {
      name: 'Mensual',
      priceCents: 90_000,
      credits: 4,
      validityDays: 30,
    });
    const { user, cookie } = await loginAs(t, 'user');
    const { checkoutId } = (await start(cookie, [{ productId: monthly.id, quantity: 1 }])).json();
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD);
    expect(res.statusCode, res.body).toBe(200);
    const lots = await t.db
      .select({
        credits: creditLots.credits,
        remaining: creditLots.remaining,
        expiresOn: creditLots.expiresOn,
      })
      .from(creditLots)
      .where(eq(creditLots.userId, user.id));
    expect(lots).toEqual([{ credits: 4, remaining: 4, expiresOn: addDays(businessDate(new Date()), 30) }]);
  });

  it('a doubled click (twenty payments of one checkout at once) makes one order and grants the credits once', async () => {
    const product = await createProduct(t.db, { credits: 5, extra: 1 });
    const { user, cookie } = await loginAs(t, 'user');
    const { checkoutId } = (await start(cookie, [{ productId: product.id, quantity: 3 }])).json();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD)
          : post(`/api/checkout/${checkoutId}/confirm`, cookie),
      ),
    );
    const paid = results.filter((r) => r.statusCode === 200);
    expect(paid.length).toBeGreaterThanOrEqual(10); // every card payment; confirmations only once it is paid
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(new Set(paid.map((r) => r.json().order.id)).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await balance(user.id)).toBe(18);
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'purchase')).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))).toHaveLength(
      1,
    );
  });

  it('a paid checkout answers again with what it made, without charging or granting more', async () => {
    const product = await createProduct(t.db, { credits: 2 });
    const { user, cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    await start(cookie, [{ productId: product.id, quantity: 1 }], checkoutId);
    const first = await post(`/api/checkout/${checkoutId}/pay`, cookie, GOOD_CARD);
    const again = await post(`/api/checkout/${checkoutId}/pay`, cookie, DECLINED);
    const restarted = await start(cookie, [{ productId: product.id, quantity: 1 }], checkoutId);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(restarted.json()).toMatchObject({ status: 'paid', clientSecret: null });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/${checkoutId}`,
      headers: { cookie },
    });
    expect(status.json()).toMatchObject({ status: 'paid' });
    expect(await balance(user.id)).toBe(2);
  });

  it('has no Stripe confirmation or webhook without Stripe', async () => {
    const product = await createProduct(t.db);
    const { cookie } = await loginAs(t, 'user');
    const { checkoutId } = (await start(cookie, [{ productId: product.id, quantity: 1 }])).json();
    const confirm = await post(`/api/checkout/${checkoutId}/confirm`, cookie);
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(m.paymentFailed);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(hook.statusCode).toBe(404);
  });
});

describe('PATCH /api/me/profile', () => {
  it('fixes the own name and phone, never the e-mail or the role', async () => {
    const { user, cookie } = await loginAs(t, 'user');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie },
      payload: {
        name: '  Ana María López ',
        phone: '5512345678',
        email: 'otro@example.test',
        role: 'superadmin',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ana María López',
      phone: '5512345678',
      email: user.email,
      role: 'user',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      name: 'Ana María López',
      phone: '5512345678',
      email: user.email,
      role: 'user',
    });
  });

  it.each([
    [{ name: '', phone: '5512345678' }, userMessages.allFieldsRequired],
    [{ name: 'Ana', phone: '55123' }, userMessages.phoneDigits],
  ])('answers the checkout messages for %o', async (payload, message) => {
    const { cookie } = await loginAs(t, 'user');
    const res = await t.app.inject({ method: 'PATCH', url: '/api/me/profile', headers: { cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });
});
