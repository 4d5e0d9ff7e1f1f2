import { randomUUID } from 'node:crypto';
import { createBranch, createProduct, createRoom } from '@sala/db/factories/factories';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 46 point 3: under a money storm both cores go to the requests' statements, each a round trip to the database
 * (node-postgres' socket writes a quarter of an API process's time, PostgreSQL's own work per statement the rest).
 * What each money request sends is counted here (the pool's `statements`: a transaction's BEGIN and its end are two;
 * PGlite counts them as PostgreSQL's pool does), so a change that adds a round trip to a sale, a payment, a booking or
 * a cancel is seen here, and one that takes one away lowers the number.
 */
let t: TestApp;
beforeAll(async () => {
  // Monday 7 January 2030, 09:30 in Mexico City: the booking below is on the Wednesday.
  freezeClock(new Date('2030-01-07T15:30:00Z'));
  t = await createTestApp();
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Sends a request, checks its status and that it sent at most `most` statements; answers the response. */
async function atMost(most: number, status: number, request: () => ReturnType<typeof post>) {
  const before = t.database.pool().statements;
  const res = await request();
  expect(res.statusCode, res.body).toBe(status);
  expect(t.database.pool().statements - before).toBeLessThanOrEqual(most);
  return res;
}

const CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', holder: 'Ana Prueba' };

describe('statements a money request sends (issue 46)', () => {
  it('a sale at the point of sale, its replay, a card payment, its repeat, a cancel and a second cancel', async () => {
    const boss = await loginAs(t, 'superadmin');
    const client = await loginAs(t, 'user', { credits: 0 });
    const branch = await createBranch(t.db);
    const counter = await createProduct(t.db, { priceCents: 50_000, credits: 5, isDigital: false });
    const online = await createProduct(t.db, { priceCents: 50_000, credits: 5 });
    const sale = () => ({
      idempotencyKey: randomUUID(),
      clientId: client.user.id,
      branchId: branch.id,
      items: [{ productId: counter.id, quantity: 1 }],
      cashCents: 50_000,
      cardCents: 0,
      transferCents: 0,
      openingFloatCents: 0,
    });
    // The day's first sale opens the drawer: the one measured is a sale of an open day.
    expect((await post('/api/pos/orders', boss.cookie, sale())).statusCode).toBe(201);

    const again = sale();
    // The session; the key's order and the prices; BEGIN, the account, the drawer, the order, its line, the credits
    // with their lot and ledger row (one statement), the receipt, COMMIT; the ticket. It was 14.
    await atMost(12, 201, () => post('/api/pos/orders', boss.cookie, again));
    await atMost(5, 200, () => post('/api/pos/orders', boss.cookie, again));

    const checkoutId = randomUUID();
    const items = [{ productId: online.id, quantity: 1 }];
    // The session, the checkout and the cart's prices (at once, no transaction), the checkout's insert. It was 6:
    // the two reads had a BEGIN and a COMMIT of their own.
    await atMost(4, 201, () => post('/api/checkout', client.cookie, { checkoutId, items }));
    // Started again (a double click): the session, the checkout found (and the prices asked beside it). It was 4.
    await atMost(3, 201, () => post('/api/checkout', client.cookie, { checkoutId, items }));
    // An OXXO voucher: the same two reads, then the checkout, its order, its line and the e-mail in one
    // transaction. It was 12.
    const voucher = { checkoutId: randomUUID(), items, method: 'oxxo' };
    await atMost(10, 201, () => post('/api/checkout', client.cookie, voucher));
    const pay = () => post(`/api/checkout/${checkoutId}/pay`, client.cookie, CARD);
    // It was 13: the credits' lock, lot and ledger row were three statements.
    const paid = await atMost(11, 200, pay);
    await atMost(7, 200, pay);

    const orderId = paid.json().order.id as string;
    const cancel = () =>
      post(`/api/orders/${orderId}/cancel`, boss.cookie, { confirmation: 'cancelar orden' });
    // A card payment's cancel: a claim, the refund, then the cancel. It was 21: the order was read in a transaction
    // of its own, and its checkout, before the claim's transaction read it again.
    await atMost(17, 200, cancel);
    // Again: the session, BEGIN, the order under its lock, ROLLBACK. It was 8.
    await atMost(4, 409, cancel);
  });

  it('a booking, its retry with the same key, and its cancel', async () => {
    const client = await loginAs(t, 'user', { credits: 3 });
    const branch = await createBranch(t.db, { sessionCost: 1 });
    const room = await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position: 1 });
    const slot = {
      branchId: branch.id,
      roomId: room.id,
      date: '2030-01-09',
      hour: '10:00',
      idempotencyKey: randomUUID(),
    };
    const booked = await atMost(11, 201, () => post('/api/sessions', client.cookie, slot));
    // The session, BEGIN, the slot, ROLLBACK (the key is taken), the session the key made with the balance. It was 7.
    await atMost(5, 201, () => post('/api/sessions', client.cookie, slot));
    const id = booked.json().session.id as string;
    await atMost(14, 200, () => post(`/api/sessions/${id}/cancel`, client.cookie));
  });
});
