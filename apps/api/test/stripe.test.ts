import { randomUUID } from 'node:crypto';
import { createProduct } from '@sala/db/factories/factories';
import { orders } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { creditLedger } from '@sala/db/schema/ledger';
import { checkouts, paymentEvents } from '@sala/db/schema/payments';
import { users } from '@sala/db/schema/users';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { STRIPE_TEST_KEYS, startStripeStandIn } from './stripe-stand-in';
import { createTestApp, type TestApp } from './test-app';

/** The Stripe path: the real `stripe` SDK against a local stand-in, webhooks signed with Stripe's own helper. */
let t: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: { ...STRIPE_TEST_KEYS, STRIPE_API_URL: stripe.url } });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const deliver = (delivery: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });

/** A client with a started checkout of `quantity` packages of 5 + 1 credits at $1,500. */
async function started(quantity = 1) {
  const product = await createProduct(t.db, { priceCents: 150_000, credits: 5, extra: 1 });
  const { user, cookie } = await loginAs(t, 'user');
  const checkoutId = randomUUID();
  const res = await post('/api/checkout', cookie, {
    checkoutId,
    items: [{ productId: product.id, quantity }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  return { user, cookie, checkoutId, body: res.json(), intentId: row!.paymentRef! };
}
async function outcome(userId: string) {
  const [account] = await t.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return {
    orders: await t.db.select().from(orders).where(eq(orders.userId, userId)),
    purchases: await t.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'purchase'))),
    credits: account!.credits,
  };
}
const receiptsOf = (email: string) => t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

describe('starting a Stripe payment', () => {
  it('creates the PaymentIntent from database prices, in MXN centavos, keyed by the checkout', async () => {
    const { checkoutId, body, intentId } = await started(2);
    expect(body).toMatchObject({
      mode: 'stripe',
      status: 'pending',
      amountCents: 300_000,
      totalCredits: 12,
      publishableKey: 'pk_test_standin',
    });
    const intent = stripe.intents.get(intentId)!;
    expect(body.clientSecret).toBe(intent.client_secret);
    expect(intent).toMatchObject({ amount: 300_000, currency: 'mxn', metadata: { checkoutId } });
    const request = stripe.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.idempotencyKey === checkoutId,
    );
    expect(request?.form).toMatchObject({
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
    });
  });

  it('a doubled start opens one PaymentIntent', async () => {
    const product = await createProduct(t.db);
    const { cookie } = await loginAs(t, 'user');
    const checkoutId = randomUUID();
    const payload = { checkoutId, items: [{ productId: product.id, quantity: 1 }] };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post('/api/checkout', cookie, payload)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().clientSecret)).size).toBe(1);
    const intents = [...stripe.intents.values()].filter((i) => i.metadata.checkoutId === checkoutId);
    expect(intents).toHaveLength(1);
  });

  it('answers the spec message when Stripe refuses, and opens nothing', async () => {
    const product = await createProduct(t.db);
    const { user, cookie } = await loginAs(t, 'user');
    stripe.failNextRequests(1);
    const res = await post('/api/checkout', cookie, {
      checkoutId: randomUUID(),
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe(m.initFailed);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(row?.paymentRef ?? null).toBeNull();
  });

  it('has no test card form', async () => {
    const { cookie, checkoutId } = await started();
    const res = await post(`/api/checkout/${checkoutId}/pay`, cookie, {
      number: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
      holder: 'Ana',
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('completing a Stripe payment', () => {
  it('the browser’s confirmation completes it once Stripe says it succeeded', async () => {
    const { user, cookie, checkoutId, intentId } = await started(2);
    const early = await post(`/api/checkout/${checkoutId}/confirm`, cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(m.paymentFailed);

    stripe.succeed(intentId);
    const res = await post(`/api/checkout/${checkoutId}/confirm`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'paid', balance: 12, order: { totalCents: 300_000 } });
    const result = await outcome(user.id);
    expect(result.orders).toMatchObject([{ paymentRef: intentId, method: 'card', isPos: false }]);
    expect(result.purchases).toMatchObject([{ delta: 12 }]);
    expect(await receiptsOf(user.email)).toHaveLength(1);
  });

  it('a signed payment_intent.succeeded completes it; the same event three times (at once) changes nothing more', async () => {
    const { user, intentId } = await started(3);
    stripe.succeed(intentId);
    const delivery = stripe.webhook(intentId);
    const first = await deliver(delivery);
    expect(first.statusCode, first.body).toBe(200);
    const again = await Promise.all([deliver(delivery), deliver(delivery), deliver(delivery)]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const result = await outcome(user.id);
    expect(result.orders).toHaveLength(1);
    expect(result.purchases).toMatchObject([{ delta: 18 }]);
    expect(result.credits).toBe(18);
    expect(await receiptsOf(user.email)).toHaveLength(1);
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, delivery.eventId)),
    ).toHaveLength(1);
  });

  it('another event of the same payment (a late retry by Stripe) never grants twice', async () => {
    const { user, cookie, checkoutId, intentId } = await started();
    stripe.succeed(intentId);
    await post(`/api/checkout/${checkoutId}/confirm`, cookie);
    for (let i = 0; i < 3; i++) expect((await deliver(stripe.webhook(intentId))).statusCode).toBe(200);
    const result = await outcome(user.id);
    expect(result.orders).toHaveLength(1);
    expect(result.credits).toBe(6);
  });

  it('the webhook racing the browser’s confirmations makes one order and grants the credits once', async () => {
    const { user, cookie, checkoutId, intentId } = await started(2);
    stripe.succeed(intentId);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        i % 2 ? deliver(stripe.webhook(intentId)) : post(`/api/checkout/${checkoutId}/confirm`, cookie),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const orderIds = new Set(results.filter((r) => r.json().order).map((r) => r.json().order.id));
    expect(orderIds.size).toBe(1);
    const result = await outcome(user.id);
    expect(result.orders).toHaveLength(1);
    expect(result.purchases).toHaveLength(1);
    expect(result.credits).toBe(12);
    expect(await receiptsOf(user.email)).toHaveLength(1);
  });

  // Each bad signature is made, not edited: a signature "changed" to the digit it already had would be valid.
  it.each([
    ['a signature made with another secret', { secret: 'whsec_anotherSecretNotOurs' }],
    ['no signature', null],
    ['a signature older than the tolerance', { timestamp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('refuses %s with a 400 and stores nothing', async (_case, signing) => {
    const { user, intentId } = await started();
    stripe.succeed(intentId);
    const delivery = stripe.webhook(intentId);
    const signature = signing === null ? '' : stripe.sign(delivery.payload, signing);
    expect(signature).not.toBe(delivery.signature);
    const res = await deliver({ payload: delivery.payload, signature });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid-argument');
    expect(
      await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, delivery.eventId)),
    ).toEqual([]);
    expect((await outcome(user.id)).orders).toEqual([]);
  });

  it('refuses a signed body that was changed on the way', async () => {
    const { user, intentId } = await started();
    stripe.succeed(intentId);
    const delivery = stripe.webhook(intentId);
    const tampered = delivery.payload.replace('"amount":150000', '"amount":1');
    expect(tampered).not.toBe(delivery.payload);
    expect((await deliver({ payload: tampered, signature: delivery.signature })).statusCode).toBe(400);
    expect((await outcome(user.id)).orders).toEqual([]);
  });

  it('does not complete a payment whose amount differs from the checkout', async () => {
    const { user, checkoutId, intentId } = await started();
    stripe.succeed(intentId, 1_000);
    expect((await deliver(stripe.webhook(intentId))).statusCode).toBe(200);
    expect((await outcome(user.id)).orders).toEqual([]);
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(row).toMatchObject({ status: 'pending', lastError: 'amount 1000 ≠ 150000' });
  });

  it('acknowledges events that are not ours to complete', async () => {
    const { user, intentId } = await started();
    expect((await deliver(stripe.webhook(intentId, 'payment_intent.created'))).statusCode).toBe(200);
    expect((await deliver(stripe.webhook('pi_unknown'))).statusCode).toBe(200);
    expect((await outcome(user.id)).orders).toEqual([]);
  });
});

describe('which card paid (issue 42: the invoice says débito or crédito)', () => {
  it('reads the funding of the card from the payment’s charge', async () => {
    const debit = await started();
    stripe.succeed(debit.intentId, undefined, 'debit');
    expect(await t.app.payments.cardFunding(debit.intentId)).toBe('debit');
    const credit = await started();
    stripe.succeed(credit.intentId);
    expect(await t.app.payments.cardFunding(credit.intentId)).toBe('credit');
    // A payment not made yet has no charge: unknown.
    const open = await started();
    expect(await t.app.payments.cardFunding(open.intentId)).toBeNull();
  });
});

describe('cancelling an order paid through Stripe', () => {
  it('refunds the PaymentIntent once (idempotency key per order), then takes the credits back', async () => {
    const { user, cookie, checkoutId, intentId } = await started(1);
    stripe.succeed(intentId);
    expect((await post(`/api/checkout/${checkoutId}/confirm`, cookie)).statusCode).toBe(200);
    const [order] = (await outcome(user.id)).orders;
    const boss = await loginAs(t, 'superadmin');
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(`/api/orders/${order!.id}/cancel`, boss.cookie, { confirmation: 'cancelar orden' }),
      ),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: `refund-${order!.id}`,
      form: { payment_intent: intentId, amount: '150000' },
    });
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(stored).toMatchObject({ status: 'cancelled', refundRef: expect.stringMatching(/^re_/) });
    expect((await outcome(user.id)).credits).toBe(0);
  });

  it('keeps the order completed when Stripe refuses the refund', async () => {
    const { user, cookie, checkoutId, intentId } = await started(1);
    stripe.succeed(intentId);
    expect((await post(`/api/checkout/${checkoutId}/confirm`, cookie)).statusCode).toBe(200);
    const [order] = (await outcome(user.id)).orders;
    const boss = await loginAs(t, 'superadmin');
    stripe.failNextRequests(3);
    const res = await post(`/api/orders/${order!.id}/cancel`, boss.cookie, {
      confirmation: 'cancelar orden',
    });
    expect(res.statusCode).toBe(503);
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(stored!.status).toBe('completed');
    expect((await outcome(user.id)).credits).toBe(6);
  });
});
