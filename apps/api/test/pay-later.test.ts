import { randomUUID } from 'node:crypto';
import { createProduct } from '@sala/db/factories/factories';
import { orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { checkouts } from '@sala/db/schema/payments';
import { users } from '@sala/db/schema/users';
import { orderMessages } from '@sala/shared/orders/orders.messages';
import { clabeControlDigit } from '@sala/shared/store/clabe';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMailMessage } from '../src/modules/mail/outbox.worker';
import { OXXO_BARCODE_CID } from '../src/modules/mail/templates';
import { reconcilePayments } from '../src/modules/payments/payments.service';
import { readCode128 } from './barcode-reader';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 24 with the built-in test gateway (no Stripe keys: the app as it runs offline): OXXO vouchers and SPEI
 * transfers leave a pending order, 'Simular pago' runs the confirmation once, reconciliation expires what never
 * came, and the races are decided by the database.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://reservas.example.mx' } });
});
afterAll(() => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/** A client who asked to pay a package of 5 + 1 credits at $800 with OXXO or SPEI. */
async function voucher(method: 'oxxo' | 'spei', quantity = 1) {
  const product = await createProduct(t.db, { priceCents: 80_000, credits: 5, extra: 1 });
  const client = await loginAs(t, 'user');
  const checkoutId = randomUUID();
  const res = await post('/api/checkout', client.cookie, {
    checkoutId,
    method,
    items: [{ productId: product.id, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...client, product, checkoutId, body: res.json(), orderId: res.json().orderId as string };
}

async function stateOf(userId: string) {
  const [account] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return {
    credits: account!.credits,
    orders: await t.db.select().from(orders).where(eq(orders.userId, userId)),
    purchases: await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'purchase'))),
  };
}

const ports = () => ({
  db: t.db,
  payments: t.app.payments,
  paymentOptions: t.app.paymentOptions,
  notify: t.app.notify,
  metrics: t.app.metrics.business,
});

describe('paying later with the test gateway', () => {
  it('lists the methods the store takes and how long a voucher lasts', async () => {
    const { cookie } = await loginAs(t, 'user');
    const res = await get('/api/payment-methods', cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mode: 'test', methods: ['card', 'oxxo', 'spei'], oxxoExpiresDays: 3 });
  });

  it('issues an OXXO voucher: a pending order, no credits yet, the voucher by e-mail', async () => {
    const { user, cookie, body, orderId } = await voucher('oxxo', 2);
    expect(body).toMatchObject({ method: 'oxxo', status: 'pending', amountCents: 160_000, totalCredits: 12 });
    expect(body.instructions).toMatchObject({ kind: 'oxxo', hostedUrl: null });
    expect(body.instructions.number).toMatch(/^9300\d{14}$/);
    // The end of the Mexico City day three days ahead.
    const expires = new Date(body.instructions.expiresAt);
    expect(expires.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Mexico_City',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }).format(expires),
    ).toBe('23:59:59');

    const state = await stateOf(user.id);
    expect(state.credits).toBe(user.credits);
    expect(state.purchases).toHaveLength(0);
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]).toMatchObject({
      id: orderId,
      status: 'pending',
      method: 'oxxo',
      isPos: false,
      paidAt: null,
      paidCashCents: 0,
      totalCents: 160_000,
    });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mail?.subject).toBe('Tu ficha de pago OXXO · Sala Común');
    expect(mail?.text).toContain(body.instructions.number);
    expect(mail?.text).toContain('$1,600');
    // Decision 023: the price includes IVA, and the e-mail says how much ($1,600 − $1,379.31).
    expect(mail?.text).toContain('IVA incluido (16\u00a0%): $220.69');
    // Decision 023: the reference as a barcode the cashier scans, an inline PNG the HTML shows.
    expect(mail?.html).toContain(
      `<img src="cid:${OXXO_BARCODE_CID}" alt="Código de barras de la referencia ${body.instructions.number}"`,
    );
    // Decision 043: the row holds the reference; the PNG is drawn when the worker delivers, out of the transaction.
    const barcode = mail?.attachments.find((file) => file.cid === OXXO_BARCODE_CID);
    expect(barcode).toEqual({
      filename: 'referencia-oxxo.png',
      contentType: 'image/png',
      cid: OXXO_BARCODE_CID,
      oxxoBarcode: body.instructions.number,
    });
    // As the mail server receives it: the PNG's bytes, inline, of the size the HTML gives it.
    const sent = await toMailMessage(
      { ...mail!, to: mail!.toAddress },
      { name: 'Sala Común', email: 'hola@example.mx' },
    );
    const inline = sent.attachments.find((file) => file.cid === OXXO_BARCODE_CID);
    expect(Buffer.isBuffer(inline?.content)).toBe(true);
    const png = inline!.content as Buffer;
    expect(await readCode128(png)).toBe(body.instructions.number);
    expect(mail?.html).toContain(`width="${png.readUInt32BE(16)}" height="${png.readUInt32BE(20)}"`);

    // Mis pedidos shows it pending with its voucher.
    const mine = await get('/api/me/orders', cookie);
    expect(mine.json().rows[0]).toMatchObject({
      id: orderId,
      status: 'pending',
      method: 'oxxo',
      instructions: { kind: 'oxxo', number: body.instructions.number },
    });
  });

  it('gives a SPEI transfer an 18-digit CLABE with a valid control digit, the same for the same checkout', async () => {
    const { cookie, body, checkoutId, product } = await voucher('spei');
    expect(body.instructions).toMatchObject({ kind: 'spei', bankName: 'STP' });
    const clabe: string = body.instructions.clabe;
    expect(clabe).toMatch(/^646180\d{12}$/);
    expect(Number(clabe[17])).toBe(clabeControlDigit(clabe.slice(0, 17)));
    const again = await post('/api/checkout', cookie, {
      checkoutId,
      method: 'spei',
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ orderId: body.orderId, instructions: body.instructions });
    const other = await post('/api/checkout', cookie, {
      checkoutId,
      method: 'oxxo',
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(m.checkoutMethodChanged);
  });

  it('makes one pending order when the same voucher is asked for 20 times at once', async () => {
    const product = await createProduct(t.db, { priceCents: 80_000, credits: 5 });
    const { user, cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/checkout', cookie, {
          checkoutId,
          method: 'oxxo',
          items: [{ productId: product.id, quantity: 1 }],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.json().orderId)).size).toBe(1);
    const state = await stateOf(user.id);
    expect(state.orders).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email))).toHaveLength(
      1,
    );
  });

  it('simulates the payment once: 30 clicks at once grant the credits once, with one receipt', async () => {
    const { user, orderId } = await voucher('oxxo');
    const { cookie: admin } = await loginAs(t, 'superadmin');
    const before = await get(`/api/orders/${orderId}`, admin);
    expect(before.json()).toMatchObject({ status: 'pending', canSimulatePayment: true, paidAt: null });

    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(`/api/orders/${orderId}/simulate-payment`, admin)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((code) => code === 200).length).toBeGreaterThanOrEqual(1);
    // The rest found it no longer pending.
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.message).toBe(orderMessages.notPending);
    }
    const state = await stateOf(user.id);
    expect(state.credits).toBe(user.credits + 6);
    expect(state.purchases).toHaveLength(1);
    expect(state.purchases[0]!.referenceId).toBe(orderId);
    expect(state.orders[0]).toMatchObject({ status: 'completed', paidCashCents: 80_000 });
    expect(state.orders[0]!.paidAt).not.toBeNull();
    const ticket = (await get(`/api/orders/${orderId}`, admin)).json();
    expect(ticket).toMatchObject({ status: 'completed', canSimulatePayment: false, method: 'oxxo' });
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      'Recibo de tu compra en Sala Común',
      'Tu ficha de pago OXXO · Sala Común',
    ]);
    const receipt = mails.find((mail) => mail.subject.startsWith('Recibo'))!;
    expect(receipt.text).toContain('Total pagado en OXXO');
  });

  it('never lets a voucher be paid with a card, not even a test card', async () => {
    const { user, cookie, checkoutId } = await voucher('oxxo');
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, {
      number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      holder: 'Ana Prueba',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(m.checkoutMethodChanged);
    const state = await stateOf(user.id);
    expect(state.orders[0]!.status).toBe('pending');
    expect(state.purchases).toHaveLength(0);
  });

  it('lets only the super admin simulate a payment or cancel a pending order', async () => {
    const { orderId, cookie: client } = await voucher('spei');
    const { cookie: admin } = await loginAs(t, 'admin');
    expect((await post(`/api/orders/${orderId}/simulate-payment`, client)).statusCode).toBe(403);
    expect((await post(`/api/orders/${orderId}/simulate-payment`, admin)).statusCode).toBe(403);
    const cancel = { confirmation: 'cancelar orden' };
    expect((await post(`/api/orders/${orderId}/cancel`, admin, cancel)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/simulate-payment` })).statusCode,
    ).toBe(401);
  });

  it('cancels a pending order with nothing to take back, and a cancelled one can no longer be paid', async () => {
    const { user, cookie: client, orderId } = await voucher('oxxo');
    const { cookie: admin } = await loginAs(t, 'superadmin');
    const res = await post(`/api/orders/${orderId}/cancel`, admin, { confirmation: 'cancelar orden' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order: { status: 'cancelled' },
      creditsTakenBack: 0,
      refunded: false,
    });
    const paid = await post(`/api/orders/${orderId}/simulate-payment`, admin);
    expect(paid.statusCode).toBe(409);
    const state = await stateOf(user.id);
    expect(state.credits).toBe(user.credits);
    expect(state.purchases).toHaveLength(0);
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.orderId, orderId));
    expect(checkout).toMatchObject({ status: 'failed', nextCheckAt: null });
    // Mis pedidos: cancelled before any money came, it granted no credits.
    const mine = (await get('/api/me/orders', client)).json();
    expect(mine.rows[0]).toMatchObject({
      id: orderId,
      status: 'cancelled',
      creditsGranted: 0,
      instructions: null,
    });
  });

  it('filters Ordenes by state', async () => {
    const { orderId } = await voucher('oxxo');
    const { cookie: admin } = await loginAs(t, 'superadmin');
    const pending = await get('/api/orders?status=pending&pageSize=50', admin);
    expect(pending.statusCode).toBe(200);
    const rows: { id: string; status: string; method: string }[] = pending.json().rows;
    expect(rows.every((row) => row.status === 'pending')).toBe(true);
    expect(rows.find((row) => row.id === orderId)).toMatchObject({ method: 'oxxo' });
    expect(pending.json().total).toBe(rows.length);
    const bad = await get('/api/orders?status=pagada', admin);
    expect(bad.statusCode).toBe(400);
  });
});

describe('reconciliation with the test gateway', () => {
  it('expires a voucher nobody paid once its grace has passed, and grants nothing', async () => {
    const { user, cookie, checkoutId, orderId } = await voucher('oxxo');
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout!.nextCheckAt).not.toBeNull();
    // Before the voucher's grace ends the gateway is asked and the check is put off.
    const early = await reconcilePayments({
      ...ports(),
      now: new Date(checkout!.nextCheckAt!.getTime() + 1),
    });
    expect(early.expired).toBe(0);
    const [waiting] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(waiting!.status).toBe('pending');
    expect(waiting!.nextCheckAt!.getTime()).toBeGreaterThan(checkout!.nextCheckAt!.getTime());

    const late = new Date(checkout!.expiresAt!.getTime() + 3 * 86_400_000 + 60_000);
    let run = await reconcilePayments({ ...ports(), now: late });
    while (run.checked === 20) run = await reconcilePayments({ ...ports(), now: late });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'expired', paidAt: null });
    const [settled] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(settled).toMatchObject({ status: 'failed', nextCheckAt: null });
    expect((await stateOf(user.id)).purchases).toHaveLength(0);

    // An expired order shows as such; nothing to pay or simulate.
    const { cookie: admin } = await loginAs(t, 'superadmin');
    expect((await get(`/api/orders/${orderId}`, admin)).json()).toMatchObject({
      status: 'expired',
      canSimulatePayment: false,
    });
    const mine = (await get('/api/me/orders', cookie)).json();
    expect(mine.rows[0]).toMatchObject({ status: 'expired', instructions: null });
  });

  it('never lets two processes ask about the same payment (SKIP LOCKED claims)', async () => {
    for (let i = 0; i < 6; i++) await voucher(i % 2 ? 'spei' : 'oxxo');
    const due = await t.db.select().from(checkouts).where(eq(checkouts.status, 'pending'));
    expect(due.length).toBeGreaterThanOrEqual(6);
    const far = new Date(Date.now() + 30 * 86_400_000);
    const runs = await Promise.all(
      Array.from({ length: 6 }, () => reconcilePayments({ ...ports(), now: far }, { limit: 3 })),
    );
    // Each due payment was claimed by one run only: the claims add up to what was due, every one settled.
    let checked = runs.reduce((sum, run) => sum + run.checked, 0);
    let expired = runs.reduce((sum, run) => sum + run.expired, 0);
    for (;;) {
      const more = await reconcilePayments({ ...ports(), now: far }, { limit: 3 });
      if (more.checked === 0) break;
      checked += more.checked;
      expired += more.expired;
    }
    expect(checked).toBe(due.length);
    expect(expired).toBe(due.length);
    expect(await t.db.select().from(checkouts).where(eq(checkouts.status, 'pending'))).toHaveLength(0);
    const stillPending = await t.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect(stillPending).toHaveLength(0);
  });
});

describe('a store that takes cards only (PAYMENT_METHODS=card)', () => {
  it('offers only the card and refuses a voucher, storing nothing', async () => {
    const cardOnly = await createTestApp({ env: { PAYMENT_METHODS: 'card' } });
    try {
      const product = await createProduct(cardOnly.db, { priceCents: 80_000, credits: 5 });
      const { user, cookie } = await loginAs(cardOnly, 'user');
      const methods = await cardOnly.app.inject({
        method: 'GET',
        url: '/api/payment-methods',
        headers: { cookie },
      });
      expect(methods.json()).toMatchObject({ methods: ['card'] });
      const res = await cardOnly.app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie },
        payload: {
          checkoutId: randomUUID(),
          method: 'oxxo',
          items: [{ productId: product.id, quantity: 1 }],
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: m.methodNotOffered,
        fields: { method: m.methodNotOffered },
      });
      expect(await cardOnly.db.select().from(checkouts).where(eq(checkouts.userId, user.id))).toHaveLength(0);
      expect(await cardOnly.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    } finally {
      await cardOnly.close();
    }
  });
});

describe('OXXO’s limit', () => {
  it('refuses a voucher over $10,000 with a clear message, and takes the same cart by SPEI', async () => {
    const product = await createProduct(t.db, { priceCents: 600_000, credits: 20 });
    const { user, cookie } = await loginAs(t, 'user');
    const items = [{ productId: product.id, quantity: 2 }];
    const oxxo = await post('/api/checkout', cookie, { checkoutId: randomUUID(), method: 'oxxo', items });
    expect(oxxo.statusCode).toBe(409);
    expect(oxxo.json().error.message).toBe(m.oxxoTooLarge);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
    const spei = await post('/api/checkout', cookie, { checkoutId: randomUUID(), method: 'spei', items });
    expect(spei.statusCode).toBe(201);
    expect(spei.json()).toMatchObject({ method: 'spei', amountCents: 1_200_000 });
  });
});
