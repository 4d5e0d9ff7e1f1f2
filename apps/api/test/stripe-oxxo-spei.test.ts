import { randomUUID } from 'node:crypto';
import { createProduct, createUser } from '@sala/db/factories/factories';
import { orderItems, orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { checkouts, paymentCustomers, paymentEvents } from '@sala/db/schema/payments';
import { users } from '@sala/db/schema/users';
import { formatMoney } from '@sala/shared/format/money';
import { orderMessages } from '@sala/shared/orders/orders.messages';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { addDays, businessDate, dayRange } from '@sala/shared/time/business-time';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../src/modules/payments/payments.service';
import { loginAs } from './sessions';
import {
  clabeControlDigit,
  STRIPE_TEST_KEYS,
  type StripeStandIn,
  startStripeStandIn,
} from './stripe-stand-in';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 24 through Stripe: OXXO vouchers and SPEI transfers with the real `stripe` SDK against the local stand-in,
 * webhooks signed with Stripe's own helper. Reconciliation runs with a clock the test gives; the tests that run it
 * get a database of their own, since a run settles every due payment it finds.
 */
let stripe: StripeStandIn;
let t: TestApp;
const stripeApp = () => createTestApp({ env: { ...STRIPE_TEST_KEYS, STRIPE_API_URL: stripe.url } });
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await stripeApp();
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A test that runs reconciliation: its own app and database, closed after. */
async function withOwnApp(test: (own: TestApp) => Promise<void>) {
  const own = await stripeApp();
  try {
    await test(own);
  } finally {
    await own.close();
  }
}

const PRICE = 150_000;

const post = (a: TestApp, url: string, cookie: string, payload?: object) =>
  a.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (a: TestApp, url: string, cookie: string) =>
  a.app.inject({ method: 'GET', url, headers: { cookie } });
const deliver = (a: TestApp, delivery: { payload: string; signature: string }) =>
  a.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });

type Client = Awaited<ReturnType<typeof loginAs>>;

/** A client's checkout of `quantity` packages of 5 + 1 credits at $1,500, paid by `method` (card: none given). */
async function startPayment(
  a: TestApp,
  method: 'card' | 'oxxo' | 'spei',
  options: { quantity?: number; client?: Client; productId?: string } = {},
) {
  const productId =
    options.productId ?? (await createProduct(a.db, { priceCents: PRICE, credits: 5, extra: 1 })).id;
  const client = options.client ?? (await loginAs(a, 'user'));
  const checkoutId = randomUUID();
  const payload = {
    checkoutId,
    items: [{ productId, quantity: options.quantity ?? 1 }],
    ...(method === 'card' ? {} : { method }),
  };
  const res = await post(a, '/api/checkout', client.cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await a.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return {
    ...client,
    productId,
    checkoutId,
    payload,
    body: res.json(),
    intentId: row!.paymentRef!,
    orderId: res.json().orderId as string,
    checkout: row!,
  };
}

async function outcome(a: TestApp, userId: string) {
  const [account] = await a.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return {
    orders: await a.db.select().from(orders).where(eq(orders.userId, userId)),
    purchases: await a.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'purchase'))),
    credits: account!.credits,
  };
}
const orderRow = async (a: TestApp, id: string) =>
  (await a.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const checkoutRow = async (a: TestApp, id: string) =>
  (await a.db.select().from(checkouts).where(eq(checkouts.id, id)))[0]!;
const mailOf = (a: TestApp, email: string) =>
  a.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(emailOutbox.createdAt);
const receiptsOf = async (a: TestApp, email: string) =>
  (await mailOf(a, email)).filter((mail) => mail.subject === 'Recibo de tu compra en Sala Común');

/** One run of reconciliation, as the worker runs it, at a given instant. */
const reconcile = (a: TestApp, now: Date) =>
  reconcilePayments({
    db: a.db,
    payments: a.app.payments,
    paymentOptions: a.app.paymentOptions,
    notify: a.app.notify,
    metrics: a.app.metrics.business,
    now,
  });

/** HH:mm:ss on Mexico City's wall clock. */
const mexicoCityTime = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Mexico_City',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(instant);

const DAY_MS = 24 * 60 * 60 * 1000;
const intentRequest = (checkoutId: string) =>
  stripe.requests.find(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === checkoutId,
  );
const cancelRequests = (intentId: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${intentId}/cancel`);
const customerRequests = (email: string) =>
  stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/customers' && r.form.email === email);
const voucherOf = (intentId: string) => {
  const next = stripe.intents.get(intentId)!.next_action;
  if (next?.type !== 'oxxo_display_details') throw new Error(`${intentId} has no voucher`);
  return next.oxxo_display_details;
};
const transferOf = (intentId: string) => {
  const next = stripe.intents.get(intentId)!.next_action;
  if (next?.type !== 'display_bank_transfer_instructions') throw new Error(`${intentId} awaits no transfer`);
  return next.display_bank_transfer_instructions;
};

describe('an OXXO voucher through Stripe', () => {
  it('is issued in the client’s name: a pending order, no credits, the voucher by e-mail; the same start again finds it', async () => {
    const { user, cookie, checkoutId, payload, body, intentId, orderId } = await startPayment(t, 'oxxo', {
      quantity: 2,
    });
    const voucher = voucherOf(intentId);
    expect(body).toMatchObject({
      mode: 'stripe',
      status: 'pending',
      method: 'oxxo',
      amountCents: 2 * PRICE,
      totalCredits: 12,
      clientSecret: null,
      instructions: {
        kind: 'oxxo',
        number: voucher.number,
        hostedUrl: voucher.hosted_voucher_url,
        expiresAt: new Date(voucher.expires_after * 1000).toISOString(),
      },
    });
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.instructions.number).toMatch(/^\d{32}$/);
    expect(body.instructions.hostedUrl).toMatch(/^https:\/\/payments\.stripe\.com\/oxxo\/voucher\//);
    // Stripe's rule: 23:59:59 in Mexico City, three calendar days after the voucher's day.
    const expires = new Date(body.instructions.expiresAt);
    expect(mexicoCityTime(expires)).toBe('23:59:59');
    const created = new Date(stripe.intents.get(intentId)!.created * 1000);
    expect(businessDate(expires)).toBe(addDays(businessDate(created), 3));

    // What Stripe was asked: an OXXO payment confirmed at once, in the client's name, lasting 3 days.
    expect(intentRequest(checkoutId)?.form).toMatchObject({
      amount: String(2 * PRICE),
      currency: 'mxn',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'oxxo',
      'payment_method_data[type]': 'oxxo',
      'payment_method_data[billing_details][name]': user.name,
      'payment_method_data[billing_details][email]': user.email,
      'payment_method_options[oxxo][expires_after_days]': '3',
      'metadata[checkoutId]': checkoutId,
      'metadata[userId]': user.id,
    });

    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({
      status: 'pending',
      method: 'oxxo',
      isPos: false,
      paidAt: null,
      paymentRef: intentId,
      totalCents: 2 * PRICE,
      paidCashCents: 0,
      paidCardCents: 0,
      paidTransferCents: 0,
    });
    const result = await outcome(t, user.id);
    expect(result.credits).toBe(0);
    expect(result.purchases).toEqual([]);
    const mail = await mailOf(t, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(voucher.number);
    expect(mail[0]!.text).toContain(voucher.hosted_voucher_url);

    // The same start again (a retry, a double click): the same checkout and order, no second intent.
    const again = await post(t, '/api/checkout', cookie, payload);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ checkoutId, orderId, instructions: body.instructions });
    expect([...stripe.intents.values()].filter((i) => i.metadata.checkoutId === checkoutId)).toHaveLength(1);
    expect((await outcome(t, user.id)).orders).toHaveLength(1);

    // The same checkout with another method is refused, and opens nothing at Stripe.
    const changed = await post(t, '/api/checkout', cookie, { ...payload, method: 'spei' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.message).toBe(m.checkoutMethodChanged);
    expect(customerRequests(user.email)).toEqual([]);
    expect(await mailOf(t, user.email)).toHaveLength(1);
  });

  it('five starts of one checkout at once: one voucher, one pending order, one e-mail', async () => {
    const product = await createProduct(t.db, { priceCents: PRICE, credits: 5, extra: 1 });
    const { user, cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const payload = { checkoutId, method: 'oxxo', items: [{ productId: product.id, quantity: 1 }] };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t, '/api/checkout', cookie, payload)),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(results.map((res) => res.json().orderId)).size).toBe(1);
    expect(new Set(results.map((res) => res.json().instructions.number)).size).toBe(1);
    expect([...stripe.intents.values()].filter((i) => i.metadata.checkoutId === checkoutId)).toHaveLength(1);
    expect((await outcome(t, user.id)).orders).toHaveLength(1);
    expect(await mailOf(t, user.email)).toHaveLength(1);
  });

  it('paid at OXXO: payment_intent.succeeded (five deliveries at once) completes the order and grants the credits once', async () => {
    const { user, checkoutId, intentId, orderId } = await startPayment(t, 'oxxo');
    stripe.payOxxo(intentId);
    const delivery = stripe.webhook(intentId, 'payment_intent.succeeded');
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(t, delivery)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);

    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      method: 'oxxo',
      paidCashCents: PRICE,
      paidTransferCents: 0,
      paidCardCents: 0,
    });
    expect(order.paidAt).toBeInstanceOf(Date);
    const result = await outcome(t, user.id);
    expect(result.orders).toHaveLength(1);
    expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
    expect(result.credits).toBe(6);
    expect(await receiptsOf(t, user.email)).toHaveLength(1);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ status: 'paid', orderId, nextCheckAt: null });
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, delivery.eventId)),
    ).toHaveLength(1);
  });

  it('an expiry handled first is overtaken by the payment: the order completes, credits once', async () => {
    const { user, intentId, orderId } = await startPayment(t, 'oxxo');
    stripe.expireOxxo(intentId);
    const expired = stripe.webhook(intentId, 'payment_intent.payment_failed');
    expect((await deliver(t, expired)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe('expired');

    // The cash paid at the last minute, confirmed after the expiry was sent.
    stripe.succeed(intentId);
    expect((await deliver(t, stripe.webhook(intentId, 'payment_intent.succeeded'))).statusCode).toBe(200);
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'completed', paidCashCents: PRICE });
    expect(order.paidAt).toBeInstanceOf(Date);
    const result = await outcome(t, user.id);
    expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
    expect(result.credits).toBe(6);
    expect(await receiptsOf(t, user.email)).toHaveLength(1);
  });

  // The expiry's event in each of the five places among four deliveries of the payment's (one event, redelivered).
  it.each([0, 1, 2, 3, 4])(
    'the payment and an expiry delivered at once (expiry at place %i of 5): completed, credits once',
    async (place) => {
      const { user, checkoutId, intentId, orderId } = await startPayment(t, 'oxxo');
      stripe.expireOxxo(intentId);
      const expired = stripe.webhook(intentId, 'payment_intent.payment_failed');
      stripe.succeed(intentId);
      const paid = stripe.webhook(intentId, 'payment_intent.succeeded');
      const deliveries = [paid, paid, paid, paid];
      deliveries.splice(place, 0, expired);
      const results = await Promise.all(deliveries.map((delivery) => deliver(t, delivery)));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);

      expect(await orderRow(t, orderId)).toMatchObject({ status: 'completed', paidCashCents: PRICE });
      expect(await checkoutRow(t, checkoutId)).toMatchObject({ status: 'paid' });
      const result = await outcome(t, user.id);
      expect(result.orders).toHaveLength(1);
      expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
      expect(result.credits).toBe(6);
      expect(await receiptsOf(t, user.email)).toHaveLength(1);
    },
  );

  it('expired unpaid: payment_intent.payment_failed expires the order and the checkout; nothing granted', async () => {
    const { user, checkoutId, intentId, orderId } = await startPayment(t, 'oxxo');
    stripe.expireOxxo(intentId);
    const res = await deliver(t, stripe.webhook(intentId, 'payment_intent.payment_failed'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'expired', paidAt: null, paidCashCents: 0 });
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ status: 'failed', nextCheckAt: null });
    const result = await outcome(t, user.id);
    expect(result.credits).toBe(0);
    expect(result.purchases).toEqual([]);
    expect(await receiptsOf(t, user.email)).toEqual([]);
  });
});

describe('reconciliation against Stripe (each test with its own database)', () => {
  it('completes a paid voucher whose webhook never came, once; later runs change nothing', () =>
    withOwnApp(async (own) => {
      const { user, checkoutId, intentId, orderId, checkout } = await startPayment(own, 'oxxo');
      stripe.payOxxo(intentId);
      const now = new Date(checkout.nextCheckAt!.getTime() + 1000);
      expect(await reconcile(own, new Date(checkout.nextCheckAt!.getTime() - 1000))).toEqual({
        checked: 0,
        paid: 0,
        expired: 0,
      });
      expect(await reconcile(own, now)).toEqual({ checked: 1, paid: 1, expired: 0 });

      const order = await orderRow(own, orderId);
      expect(order).toMatchObject({ status: 'completed', method: 'oxxo', paidCashCents: PRICE });
      expect(order.paidAt?.toISOString()).toBe(now.toISOString());
      expect(await checkoutRow(own, checkoutId)).toMatchObject({ status: 'paid', nextCheckAt: null });
      for (const later of [now, new Date(now.getTime() + 10 * DAY_MS)]) {
        expect(await reconcile(own, later)).toEqual({ checked: 0, paid: 0, expired: 0 });
      }
      const result = await outcome(own, user.id);
      expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
      expect(result.credits).toBe(6);
      expect(await receiptsOf(own, user.email)).toHaveLength(1);
    }));

  it('waits for a voucher never paid until its expiry and OXXO’s grace have passed, then cancels it at Stripe and expires the order', () =>
    withOwnApp(async (own) => {
      const { user, checkoutId, intentId, orderId, checkout } = await startPayment(own, 'oxxo');
      expect(checkout.expiresAt!.toISOString()).toBe(
        new Date(voucherOf(intentId).expires_after * 1000).toISOString(),
      );
      // OXXO confirms a payment by the next business day: three days of grace after the voucher's end.
      const deadline = checkout.expiresAt!.getTime() + 3 * DAY_MS;

      expect(await reconcile(own, new Date(checkout.nextCheckAt!.getTime() + 1000))).toEqual({
        checked: 1,
        paid: 0,
        expired: 0,
      });
      expect(await reconcile(own, new Date(deadline - 1000))).toEqual({ checked: 1, paid: 0, expired: 0 });
      expect(cancelRequests(intentId)).toEqual([]);
      expect((await orderRow(own, orderId)).status).toBe('pending');

      const after = await checkoutRow(own, checkoutId);
      expect(after.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(deadline);
      expect(await reconcile(own, new Date(after.nextCheckAt!.getTime() + 1000))).toEqual({
        checked: 1,
        paid: 0,
        expired: 1,
      });
      expect(cancelRequests(intentId)).toHaveLength(1);
      expect(stripe.intents.get(intentId)!.status).toBe('canceled');
      expect(await orderRow(own, orderId)).toMatchObject({ status: 'expired', paidAt: null });
      expect(await checkoutRow(own, checkoutId)).toMatchObject({ status: 'failed', nextCheckAt: null });
      expect((await outcome(own, user.id)).credits).toBe(0);
    }));

  it('expires a voucher Stripe reports expired whose payment_failed never came (nothing to cancel)', () =>
    withOwnApp(async (own) => {
      const { user, checkoutId, intentId, orderId, checkout } = await startPayment(own, 'oxxo');
      stripe.expireOxxo(intentId);
      expect(await reconcile(own, new Date(checkout.nextCheckAt!.getTime() + 1000))).toEqual({
        checked: 1,
        paid: 0,
        expired: 1,
      });
      expect(cancelRequests(intentId)).toEqual([]);
      expect(await orderRow(own, orderId)).toMatchObject({ status: 'expired', paidAt: null });
      expect(await checkoutRow(own, checkoutId)).toMatchObject({ status: 'failed', nextCheckAt: null });
      expect((await outcome(own, user.id)).credits).toBe(0);
    }));

  it('completes a card payment whose browser closed before confirming, once', () =>
    withOwnApp(async (own) => {
      const { user, cookie, checkoutId, intentId, checkout } = await startPayment(own, 'card');
      expect(checkout.method).toBe('card');
      stripe.succeed(intentId);
      const now = new Date(checkout.nextCheckAt!.getTime() + 1000);
      expect(await reconcile(own, now)).toEqual({ checked: 1, paid: 1, expired: 0 });
      expect(await reconcile(own, new Date(now.getTime() + DAY_MS))).toEqual({
        checked: 0,
        paid: 0,
        expired: 0,
      });
      // The browser's confirmation arriving late finds the same order.
      const late = await post(own, `/api/checkout/${checkoutId}/confirm`, cookie);
      expect(late.statusCode, late.body).toBe(200);

      const result = await outcome(own, user.id);
      expect(result.orders).toMatchObject([
        { status: 'completed', method: 'card', paymentRef: intentId, paidCardCents: PRICE },
      ]);
      expect(late.json().order.id).toBe(result.orders[0]!.id);
      expect(result.purchases).toMatchObject([{ delta: 6 }]);
      expect(result.credits).toBe(6);
      expect(await receiptsOf(own, user.email)).toHaveLength(1);
    }));

  it('the corte counts an OXXO payment on the Mexico City day it was confirmed, not on the voucher’s', () =>
    withOwnApp(async (own) => {
      const { intentId, orderId, checkout } = await startPayment(own, 'oxxo');
      stripe.payOxxo(intentId);
      const voucherDay = businessDate((await orderRow(own, orderId)).createdAt);
      const paidDay = addDays(voucherDay, 1);
      const confirmedAt = new Date(dayRange(paidDay).from.getTime() + 12 * 60 * 60 * 1000);
      expect(confirmedAt.getTime()).toBeGreaterThan(checkout.nextCheckAt!.getTime());
      expect(await reconcile(own, confirmedAt)).toEqual({ checked: 1, paid: 1, expired: 0 });
      expect((await orderRow(own, orderId)).paidAt?.toISOString()).toBe(confirmedAt.toISOString());

      const boss = await loginAs(own, 'superadmin');
      const corte = async (date: string) => {
        const res = await get(own, `/api/cash-summary?date=${date}`, boss.cookie);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const onVoucherDay = await corte(voucherDay);
      expect(onVoucherDay.totals).toMatchObject({ onlineOxxoCents: 0, onlineCents: 0, orders: 0 });
      expect(onVoucherDay.movements.map((movement: { id: string }) => movement.id)).not.toContain(orderId);

      const onPaidDay = await corte(paidDay);
      expect(onPaidDay.totals).toMatchObject({
        onlineOxxoCents: PRICE,
        onlineSpeiCents: 0,
        onlineCardCents: 0,
        onlineCents: PRICE,
        cashCents: 0,
        orders: 1,
      });
      expect(onPaidDay.movements).toMatchObject([
        { kind: 'order', id: orderId, method: 'oxxo', status: 'completed', at: confirmedAt.toISOString() },
      ]);
    }));

  it('notes what a SPEI transfer brought so far when the webhook did not come', () =>
    withOwnApp(async (own) => {
      const { orderId, intentId, checkout } = await startPayment(own, 'spei');
      stripe.fundSpei(intentId, 40_000);
      expect(await reconcile(own, new Date(checkout.nextCheckAt!.getTime() + 1000))).toEqual({
        checked: 1,
        paid: 0,
        expired: 0,
      });
      expect(await orderRow(own, orderId)).toMatchObject({
        status: 'pending',
        paymentFunding: { receivedCents: 40_000, remainingCents: PRICE - 40_000 },
      });
    }));

  // A refused card leaves the intent waiting for another card (requires_payment_method with the refusal as its last
  // error): the client may try again on the same intent within the card's window, and the webhook handler treats a
  // card's payment_failed that way. Fails until reconciliation does too: see the report (statusOf, reconcileOne).
  it('a card refused once is not given up: the second card, its webhook lost, is completed within the card’s window', () =>
    withOwnApp(async (own) => {
      const { user, checkoutId, intentId, checkout } = await startPayment(own, 'card');
      stripe.declineCard(intentId);
      const firstCheck = new Date(checkout.nextCheckAt!.getTime() + 1000);
      await reconcile(own, firstCheck);
      // The client tries another card, accepted; the browser closes and the webhook never comes.
      stripe.succeed(intentId);
      const withinWindow = new Date(checkout.createdAt.getTime() + 23 * 60 * 60 * 1000);
      await reconcile(own, withinWindow);
      expect(await checkoutRow(own, checkoutId)).toMatchObject({ status: 'paid' });
      const result = await outcome(own, user.id);
      expect(result.orders).toMatchObject([{ status: 'completed', method: 'card', paymentRef: intentId }]);
      expect(result.credits).toBe(6);
    }));
});

describe('OXXO_EXPIRES_DAYS', () => {
  it('sets the voucher’s life at Stripe: one day, ending at 23:59:59 Mexico City the next day', async () => {
    const own = await createTestApp({
      env: { ...STRIPE_TEST_KEYS, STRIPE_API_URL: stripe.url, OXXO_EXPIRES_DAYS: '1' },
    });
    try {
      const { checkoutId, intentId, body, checkout } = await startPayment(own, 'oxxo');
      expect(intentRequest(checkoutId)?.form['payment_method_options[oxxo][expires_after_days]']).toBe('1');
      const expires = new Date(body.instructions.expiresAt);
      expect(mexicoCityTime(expires)).toBe('23:59:59');
      const created = new Date(stripe.intents.get(intentId)!.created * 1000);
      expect(businessDate(expires)).toBe(addDays(businessDate(created), 1));
      expect(businessDate(checkout.expiresAt!)).toBe(addDays(businessDate(checkout.createdAt), 1));
    } finally {
      await own.close();
    }
  });
});

describe('a SPEI transfer through Stripe', () => {
  it('opens the client’s Stripe customer once and gives its CLABE; a later SPEI checkout reuses it', async () => {
    const first = await startPayment(t, 'spei');
    const { user } = first;
    const customers = customerRequests(user.email);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      idempotencyKey: `customer-${user.id}`,
      form: { name: user.name, email: user.email },
    });
    const customerId = stripe.intents.get(first.intentId)!.customer!;
    expect(customerId).toMatch(/^cus_/);
    expect(intentRequest(first.checkoutId)?.form).toMatchObject({
      amount: String(PRICE),
      currency: 'mxn',
      confirm: 'true',
      customer: customerId,
      'allowed_payment_method_types[0]': 'customer_balance',
      'payment_method_data[type]': 'customer_balance',
      'payment_method_options[customer_balance][funding_type]': 'bank_transfer',
      'payment_method_options[customer_balance][bank_transfer][type]': 'mx_bank_transfer',
      'metadata[checkoutId]': first.checkoutId,
    });

    const transfer = transferOf(first.intentId);
    const spei = transfer.financial_addresses[0]!.spei;
    expect(first.body).toMatchObject({
      method: 'spei',
      status: 'pending',
      clientSecret: null,
      instructions: {
        kind: 'spei',
        clabe: spei.clabe,
        bankName: 'STP',
        reference: transfer.reference,
        hostedUrl: transfer.hosted_instructions_url,
      },
    });
    const { clabe } = first.body.instructions;
    expect(clabe).toMatch(/^646\d{15}$/);
    // Banxico's control digit (the rule checked on Banxico's own example first).
    expect(clabeControlDigit('00201007777777777')).toBe(1);
    expect(Number(clabe[17])).toBe(clabeControlDigit(clabe.slice(0, 17)));
    expect(await orderRow(t, first.orderId)).toMatchObject({
      status: 'pending',
      method: 'spei',
      paidAt: null,
    });
    const mail = await mailOf(t, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(clabe);
    expect(mail[0]!.text).toContain(transfer.reference);

    const second = await startPayment(t, 'spei', { client: first, productId: first.productId });
    expect(customerRequests(user.email)).toHaveLength(1);
    expect(stripe.intents.get(second.intentId)!.customer).toBe(customerId);
    expect(second.body.instructions.clabe).toBe(clabe);
    expect(second.orderId).not.toBe(first.orderId);
  });

  it('three first SPEI checkouts of one client at once keep one customer', async () => {
    const product = await createProduct(t.db, { priceCents: PRICE, credits: 5, extra: 1 });
    const client = await loginAs(t, 'user');
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        post(t, '/api/checkout', client.cookie, {
          checkoutId: randomUUID(),
          method: 'spei',
          items: [{ productId: product.id, quantity: 1 }],
        }),
      ),
    );
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const stored = await t.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, client.user.id));
    expect(stored).toHaveLength(1);
    const intentCustomers = new Set(
      [...stripe.intents.values()].filter((i) => i.metadata.userId === client.user.id).map((i) => i.customer),
    );
    expect([...intentCustomers]).toEqual([stored[0]!.customerRef]);
  });

  it('a transfer in parts: partially_funded shows what arrived; the rest, overpaid, completes it once; the excess shows as the client’s balance', async () => {
    const { user, intentId, orderId } = await startPayment(t, 'spei');
    const customerId = stripe.intents.get(intentId)!.customer!;
    const boss = await loginAs(t, 'superadmin');
    const ticket = async () => {
      const res = await get(t, `/api/orders/${orderId}`, boss.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    stripe.fundSpei(intentId, 50_000);
    expect(stripe.intents.get(intentId)!.status).toBe('requires_action');
    const partial = await deliver(t, stripe.webhook(intentId, 'payment_intent.partially_funded'));
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await ticket()).toMatchObject({
      status: 'pending',
      method: 'spei',
      paidAt: null,
      funding: { receivedCents: 50_000, remainingCents: 100_000, customerBalanceCents: null },
    });
    // Stripe's payments are confirmed by Stripe only: no 'Simular pago'.
    expect((await ticket()).canSimulatePayment).toBe(false);
    const simulated = await post(t, `/api/orders/${orderId}/simulate-payment`, boss.cookie);
    expect(simulated.statusCode).toBe(409);
    expect(simulated.json().error.message).toBe(orderMessages.notSimulatable);
    expect((await outcome(t, user.id)).credits).toBe(0);

    // $1,200 more for the $1,000 missing: $200 stay in the client's balance at Stripe.
    stripe.fundSpei(intentId, 120_000);
    expect(stripe.intents.get(intentId)!.status).toBe('succeeded');
    expect(stripe.cashBalance(customerId)).toBe(20_000);
    const paid = stripe.webhook(intentId, 'payment_intent.succeeded');
    const results = await Promise.all([deliver(t, paid), deliver(t, paid), deliver(t, paid)]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);

    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      method: 'spei',
      paidTransferCents: PRICE,
      paidCashCents: 0,
      paidCardCents: 0,
    });
    expect(order.paidAt).toBeInstanceOf(Date);
    const result = await outcome(t, user.id);
    expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
    expect(result.credits).toBe(6);
    expect(await receiptsOf(t, user.email)).toHaveLength(1);
    expect((await ticket()).funding).toEqual({
      receivedCents: PRICE,
      remainingCents: 0,
      customerBalanceCents: null,
    });

    const balance = await deliver(t, stripe.cashBalanceWebhook(customerId));
    expect(balance.statusCode, balance.body).toBe(200);
    expect((await ticket()).funding).toEqual({
      receivedCents: PRICE,
      remainingCents: 0,
      customerBalanceCents: 20_000,
    });
    const [stored] = await t.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.customerRef, customerId));
    expect(stored).toMatchObject({ userId: user.id, gateway: 'stripe', balanceCents: 20_000 });
  });

  // Stripe does not guarantee the order of its events. Fails until the API keeps the funding of a settled
  // payment: see the report (payments.service handleWebhook, noteOrderFunding).
  it('a partially_funded event arriving after the payment completed does not show the order as short', async () => {
    const { intentId, orderId } = await startPayment(t, 'spei');
    stripe.fundSpei(intentId, 50_000);
    const partial = stripe.webhook(intentId, 'payment_intent.partially_funded');
    stripe.fundSpei(intentId, PRICE - 50_000);
    expect((await deliver(t, stripe.webhook(intentId))).statusCode).toBe(200);
    expect((await deliver(t, partial)).statusCode).toBe(200);
    const boss = await loginAs(t, 'superadmin');
    const ticket = (await get(t, `/api/orders/${orderId}`, boss.cookie)).json();
    expect(ticket).toMatchObject({
      status: 'completed',
      funding: { receivedCents: PRICE, remainingCents: 0 },
    });
  });

  // Stripe applies a customer's cash balance when a customer_balance payment is confirmed: a balance that covers
  // the amount makes the intent succeed at once, with no transfer instructions (`funding_type` is then ignored).
  // Fails until the API handles it: see the report (stripe-gateway.ts createPayment).
  it('a client whose balance at Stripe covers a new SPEI checkout: the balance pays it, the order completes', async () => {
    const first = await startPayment(t, 'spei');
    stripe.fundSpei(first.intentId, 2 * PRICE);
    const customerId = stripe.intents.get(first.intentId)!.customer!;
    expect(stripe.cashBalance(customerId)).toBe(PRICE);
    expect((await deliver(t, stripe.webhook(first.intentId))).statusCode).toBe(200);
    expect((await outcome(t, first.user.id)).credits).toBe(6);

    const checkoutId = randomUUID();
    const res = await post(t, '/api/checkout', first.cookie, {
      checkoutId,
      method: 'spei',
      items: [{ productId: first.productId, quantity: 1 }],
    });
    const intent = [...stripe.intents.values()].find((i) => i.metadata.checkoutId === checkoutId)!;
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: PRICE });
    expect(stripe.cashBalance(customerId)).toBe(0);
    // The client's money was taken from the balance: the checkout must exist to be completed.
    expect(res.statusCode, res.body).toBe(201);
    expect((await deliver(t, stripe.webhook(intent.id))).statusCode).toBe(200);
    const result = await outcome(t, first.user.id);
    expect(result.orders.filter((order) => order.status === 'completed')).toHaveLength(2);
    expect(result.purchases).toHaveLength(2);
    expect(result.credits).toBe(12);
  });

  it('a balance short of the amount is applied first: the client is told to transfer only the rest', async () => {
    const first = await startPayment(t, 'spei');
    // Overpaid by a fifth of the price: that fifth stays in the client's balance at Stripe.
    stripe.fundSpei(first.intentId, PRICE + PRICE / 5);
    expect((await deliver(t, stripe.webhook(first.intentId))).statusCode).toBe(200);

    const checkoutId = randomUUID();
    const res = await post(t, '/api/checkout', first.cookie, {
      checkoutId,
      method: 'spei',
      items: [{ productId: first.productId, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'pending',
      instructions: { kind: 'spei', amountCents: PRICE - PRICE / 5 },
    });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, first.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toBe('Datos para tu transferencia SPEI · Sala Común');
    expect(mail?.text).toContain(`Transfiere exactamente ${formatMoney(PRICE - PRICE / 5)}`);
  });
});

describe('a payment left from test mode once Stripe is on', () => {
  it('expires past its deadline (no test payment can come any more), and the super admin may cancel one', () =>
    withOwnApp(async (t) => {
      const product = await createProduct(t.db, { priceCents: PRICE, credits: 5 });
      const owner = await createUser(t.db);
      const leftover = async () => {
        const id = randomUUID();
        const [order] = await t.db
          .insert(orders)
          .values({
            userId: owner.id,
            totalCents: PRICE,
            isPos: false,
            method: 'oxxo',
            status: 'pending',
            cashierName: 'Tienda en linea',
            paymentRef: `test_pi_${id}`,
          })
          .returning();
        await t.db.insert(orderItems).values({
          orderId: order!.id,
          productId: product.id,
          name: product.name,
          unitPriceCents: PRICE,
          quantity: 1,
          creditsGranted: 5,
        });
        const createdAt = new Date('2030-01-02T18:00:00Z');
        await t.db.insert(checkouts).values({
          id,
          userId: owner.id,
          items: [],
          amountCents: PRICE,
          totalCredits: 5,
          gateway: 'test',
          method: 'oxxo',
          paymentRef: `test_pi_${id}`,
          orderId: order!.id,
          expiresAt: new Date('2030-01-06T05:59:59Z'),
          nextCheckAt: new Date('2030-01-02T18:30:00Z'),
          createdAt,
        });
        return { orderId: order!.id, checkoutId: id };
      };
      const expiring = await leftover();
      const cancelling = await leftover();

      // Before the deadline: asked again later, untouched (only the test gateway could say, and it is gone).
      await reconcile(t, new Date('2030-01-03T00:00:00Z'));
      const [waiting] = await t.db.select().from(orders).where(eq(orders.id, expiring.orderId));
      expect(waiting!.status).toBe('pending');
      expect(stripe.requests.some((r) => r.path.includes(`test_pi_${expiring.checkoutId}`))).toBe(false);

      const { cookie } = await loginAs(t, 'superadmin');
      const cancelled = await post(t, `/api/orders/${cancelling.orderId}/cancel`, cookie, {
        confirmation: 'cancelar orden',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ order: { status: 'cancelled' }, creditsTakenBack: 0 });

      // Past OXXO's grace: expired, nothing granted, nothing asked of Stripe.
      await reconcile(t, new Date('2030-01-09T07:00:00Z'));
      const [expired] = await t.db.select().from(orders).where(eq(orders.id, expiring.orderId));
      expect(expired!.status).toBe('expired');
      expect(stripe.requests.some((r) => r.path.includes('test_pi_'))).toBe(false);
    }));
});

describe('the super admin cancelling a pending payment', () => {
  const cancel = (orderId: string, cookie: string) =>
    post(t, `/api/orders/${orderId}/cancel`, cookie, { confirmation: 'cancelar orden' });

  it('cancels a pending OXXO order at Stripe first, then here: nothing to take back; a second cancel is refused', async () => {
    const { user, checkoutId, intentId, orderId } = await startPayment(t, 'oxxo');
    const boss = await loginAs(t, 'superadmin');
    const res = await cancel(orderId, boss.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      order: { id: orderId, status: 'cancelled' },
      creditsTakenBack: 0,
      creditsNotTakenBack: 0,
      refunded: false,
    });
    expect(cancelRequests(intentId)).toHaveLength(1);
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    expect(
      stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId),
    ).toEqual([]);
    const order = await orderRow(t, orderId);
    expect(order).toMatchObject({ status: 'cancelled', paidAt: null });
    expect(order.cancelledAt).toBeInstanceOf(Date);
    expect(await checkoutRow(t, checkoutId)).toMatchObject({ status: 'failed', nextCheckAt: null });

    // Stripe's canceled event comes after: the order stays cancelled.
    expect((await deliver(t, stripe.webhook(intentId, 'payment_intent.canceled'))).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe('cancelled');
    const again = await cancel(orderId, boss.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(orderMessages.alreadyCancelled);
    const result = await outcome(t, user.id);
    expect(result.credits).toBe(0);
    expect(result.purchases).toEqual([]);
  });

  // Stripe sends payment_intent.canceled as soon as it cancels: the event may be handled before the cancel's own
  // answer is. Fails until the API handles it: see the report (payments.service cancelOrder).
  it('Stripe’s canceled event overtaking the cancel’s answer: the order is still cancelled, the super admin told so', async () => {
    const { intentId, orderId } = await startPayment(t, 'oxxo');
    const boss = await loginAs(t, 'superadmin');
    let overtaken: { statusCode: number } | undefined;
    stripe.holdAnswer(
      (request) => request.path === `/v1/payment_intents/${intentId}/cancel`,
      async () => {
        overtaken = await deliver(t, stripe.webhook(intentId, 'payment_intent.canceled'));
      },
    );
    const res = await cancel(orderId, boss.cookie);
    expect(overtaken?.statusCode).toBe(200);
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe('cancelled');
  });

  it('five cancels at once cancel it once', async () => {
    const { intentId, orderId } = await startPayment(t, 'oxxo');
    const boss = await loginAs(t, 'superadmin');
    const results = await Promise.all(Array.from({ length: 5 }, () => cancel(orderId, boss.cookie)));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    expect((await orderRow(t, orderId)).status).toBe('cancelled');
  });

  it('a voucher paid meanwhile (its webhook not in yet): 409, and the order is completed with its credits, once', async () => {
    const { user, intentId, orderId } = await startPayment(t, 'oxxo');
    stripe.payOxxo(intentId);
    const boss = await loginAs(t, 'superadmin');
    const res = await cancel(orderId, boss.cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(orderMessages.paidMeanwhile);
    expect(cancelRequests(intentId)).toHaveLength(1);
    expect(stripe.intents.get(intentId)!.status).toBe('succeeded');
    expect(await orderRow(t, orderId)).toMatchObject({ status: 'completed', paidCashCents: PRICE });

    // The webhook arriving late changes nothing.
    expect((await deliver(t, stripe.webhook(intentId))).statusCode).toBe(200);
    const result = await outcome(t, user.id);
    expect(result.purchases).toMatchObject([{ delta: 6, referenceId: orderId }]);
    expect(result.credits).toBe(6);
    expect(await receiptsOf(t, user.email)).toHaveLength(1);
  });
});
