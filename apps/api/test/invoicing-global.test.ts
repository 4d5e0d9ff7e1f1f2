import { createOrder } from '@sala/db/factories/factories';
import { invoices, invoicingSettings } from '@sala/db/schema/invoicing';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { formatFolio } from '@sala/shared/orders/folio';
import { orderMessages } from '@sala/shared/orders/orders.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FacturapiStandIn, startFacturapiStandIn } from '../harness/facturapi-stand-in';
import { issueDueGlobal } from '../src/modules/invoicing/invoicing.global';
import { sendDueCancellations, sendDueInvoices } from '../src/modules/invoicing/invoicing.queue';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 42, points 5–7: the period's global invoice to the general public, a sale taken out of it when its client
 * asks for their own invoice, and the cancellation motives. One database per file: a global invoice takes every
 * sale of its period, so no other test's sales may share it.
 */
let t: TestApp;
let pac: FacturapiStandIn;
let boss: { user: { id: string; name: string }; cookie: string };

const issuer = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxSystem: '601',
  zip: '44100',
  series: 'F',
  nextFolio: 1,
  defaultProductKey: '80131502',
  defaultUnitKey: 'E48',
  globalPeriodicity: 'month',
  // Two months: a client may still ask for October's invoice in November (point 6).
  requestWindowDays: 60,
  productKeys: [],
};
const profile = {
  rfc: 'COSC8001137NA',
  legalName: 'Cosme Fulanito',
  taxSystem: '612',
  zip: '06700',
  cfdiUse: 'G03',
  email: 'cosme-global@example.test',
};

/** A moment in Mexico City (UTC−6 all year since 2022). */
const at = (local: string) => new Date(`${local}-06:00`);

beforeAll(async () => {
  // The periods and windows below are fixed dates: the clock stands on the day they were written for, so the
  // month still open, the windows and "this month's" cancellations read the same whenever the file runs.
  freezeClock(at('2026-11-28T12:00:00'));
  pac = await startFacturapiStandIn();
  t = await createTestApp({ env: { FACTURAPI_KEY: 'sk_test_standin', FACTURAPI_URL: pac.url } });
  boss = await loginAs(t, 'superadmin');
  expect((await t.call('PUT', '/api/invoicing/settings', boss.cookie, issuer)).statusCode).toBe(200);
  // Invoicing was set up in the summer: the periods since then are the job's to issue.
  await t.db.update(invoicingSettings).set({ createdAt: at('2026-07-01T09:00:00') });
});
afterAll(async () => {
  await t.close();
  await pac.close();
  vi.useRealTimers();
});

const ports = (now: Date) => ({ db: t.db, invoicing: t.app.invoicing, notify: t.app.notify, now });
const stampAll = (now = new Date()) => sendDueInvoices(ports(now), { limit: 100 });
const cancelAll = (now = new Date()) => sendDueCancellations(ports(now), { limit: 100 });
const globalsOf = (start: string) =>
  t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'global'), eq(invoices.periodStart, start)));
const sentTo = (rfc: string) =>
  pac.received.filter(
    (call) =>
      call.method === 'POST' && (call.body as { customer?: { tax_id?: string } })?.customer?.tax_id === rfc,
  );

describe('the global invoice of a period', () => {
  it('covers exactly the completed sales without an invoice of their own, with its InformacionGlobal', async () => {
    const october = (day: string, cents: number, extra: object = {}) =>
      createOrder(t.db, { totalCents: cents, createdAt: at(`2026-10-${day}T12:00:00`), ...extra });
    const cash = await october('03', 35_000);
    const card = await october('15', 125_000, { paidCardCents: 125_000 });
    const walkIn = await october('31', 7_000, { userId: undefined });
    await october('10', 50_000, { status: 'cancelled' });
    await october('11', 50_000, { status: 'pending' });
    // November's sales wait for November's global.
    await createOrder(t.db, { totalCents: 10_000, createdAt: at('2026-11-02T12:00:00') });

    // The job runs in every process; the first run after October closed issues it, once.
    const nov1 = at('2026-11-01T00:30:00');
    const [first, second] = await Promise.all([issueDueGlobal(ports(nov1)), issueDueGlobal(ports(nov1))]);
    expect([first!.length, second!.length].sort()).toEqual([0, 1]);
    expect(await issueDueGlobal(ports(at('2026-11-01T08:00:00')))).toEqual([]);

    await stampAll(nov1);
    const [global] = await globalsOf('2026-10-01');
    expect(global).toMatchObject({
      status: 'valid',
      totalCents: 167_000,
      periodEnd: '2026-10-31',
      periodicity: 'month',
    });
    const [body] = sentTo('XAXX010101000').map((call) => call.body as Record<string, unknown>);
    expect(body).toMatchObject({
      type: 'I',
      use: 'S01',
      payment_method: 'PUE',
      // The largest sale was paid by card.
      payment_form: '04',
      customer: {
        tax_id: 'XAXX010101000',
        legal_name: 'PUBLICO EN GENERAL',
        tax_system: '616',
        address: { zip: '44100' },
      },
      global: { periodicity: 'month', months: '10', year: 2026 },
    });
    expect(body!.items).toEqual(
      [cash, card, walkIn].map((sale) => ({
        quantity: 1,
        product: {
          description: 'Venta',
          product_key: '01010101',
          unit_key: 'ACT',
          price: sale.totalCents / 100,
          tax_included: true,
          taxes: [{ type: 'IVA', rate: 0.16 }],
          sku: formatFolio(sale.folio),
        },
      })),
    );

    // The super admin sees it and its sales.
    const listed = await t.call('GET', '/api/invoicing/globals', boss.cookie);
    const shown = listed.json().globals.find((row: { id: string }) => row.id === global!.id);
    expect(shown).toMatchObject({ status: 'valid', sales: 3, period: { label: 'octubre de 2026' } });
    const sales = await t.call('GET', `/api/invoicing/globals/${global!.id}/sales`, boss.cookie);
    expect(sales.json().sales.map((sale: { folio: number }) => sale.folio)).toEqual([
      cash.folio,
      card.folio,
      walkIn.folio,
    ]);

    // The corte of the 15th: its sale is in the global invoice. Ordenes finds the sales by invoice.
    const corte = await t.call('GET', '/api/cash-summary?date=2026-10-15', boss.cookie);
    expect(corte.json().totals).toMatchObject({
      inGlobalCents: 125_000,
      invoicedCents: 0,
      notInvoicedCents: 0,
    });
    const inGlobal = await t.call(
      'GET',
      `/api/orders?invoice=in_global&q=${formatFolio(card.folio)}`,
      boss.cookie,
    );
    expect(inGlobal.json().rows.map((row: { id: string }) => row.id)).toEqual([card.id]);
    const none = await t.call(
      'GET',
      `/api/orders?invoice=not_invoiced&q=${formatFolio(card.folio)}`,
      boss.cookie,
    );
    expect(none.json().rows).toEqual([]);
  });

  it('is issued by hand for a closed period that has none; never for an open one or twice', async () => {
    await createOrder(t.db, { totalCents: 20_000, createdAt: at('2026-09-20T12:00:00') });
    const open = await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-11-05' });
    expect(open.json().error.message).toBe(m.periodOpen);
    const issued = await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-09-01' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await globalsOf('2026-09-01')).map((row) => row.totalCents)).toEqual([20_000]);
    const again = await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-09-14' });
    expect(again.json().error.message).toBe(m.periodHasGlobal);
    const empty = await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-08-01' });
    expect(empty.json().error.message).toBe(m.periodEmpty);
    // An admin sees none of it.
    const cashier = await loginAs(t, 'admin');
    expect((await t.call('GET', '/api/invoicing/globals', cashier.cookie)).statusCode).toBe(403);
  });

  it('is split in several when the period has more than 5 000 sales', async () => {
    await t.db.execute(sql`
      insert into orders (id, user_id, total_cents, is_pos, method, status, cashier_name, paid_cash_cents, created_at)
      select gen_random_uuid(), null, 1000 + n, true, 'cash', 'completed', 'Caja', 1000 + n, ${at('2026-06-10T12:00:00').toISOString()}::timestamptz + n * interval '1 second'
      from generate_series(1, 5001) as n`);
    const issued = await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-06-01' });
    expect(issued.statusCode, issued.body).toBe(200);
    const june = await globalsOf('2026-06-01');
    expect(june.map((row) => (row.payload as { items: unknown[] }).items.length).sort()).toEqual([1, 5000]);
    expect(new Set(june.map((row) => row.folioNumber)).size).toBe(2);
  });
});

describe('a sale in a stamped global invoice whose client asks for their own (point 6)', () => {
  it('re-issues the global without it (relation 04), cancels the old one with motive 04, then stamps the client’s', async () => {
    const client = await loginAs(t, 'user');
    await t.call('PUT', '/api/me/fiscal-profile', client.cookie, profile);
    // Three of July's sales, one of them the client's, in July's stamped global.
    const mine = await createOrder(t.db, {
      userId: client.user.id,
      totalCents: 60_000,
      createdAt: at('2026-07-30T10:00:00'),
    });
    const others = [
      await createOrder(t.db, { totalCents: 30_000, createdAt: at('2026-07-05T10:00:00') }),
      await createOrder(t.db, { totalCents: 45_000, createdAt: at('2026-07-20T10:00:00') }),
    ];
    await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-07-01' });
    await stampAll();
    const [old] = await globalsOf('2026-07-01');
    expect(old!.status).toBe('valid');

    // Inside the window (60 days from the 30th of July: until the 28th of September).
    const asked = await t.call('POST', `/api/me/orders/${mine.id}/invoice`, client.cookie);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().error.message).toBe(m.windowClosed('lunes 28 de septiembre de 2026'));
    // The business widens its window; asked again.
    await t.db.update(invoicingSettings).set({ requestWindowDays: 365 });
    const calls = pac.received.length;
    const again = await t.call('POST', `/api/me/orders/${mine.id}/invoice`, client.cookie);
    expect(again.statusCode, again.body).toBe(200);

    await stampAll();
    await cancelAll();
    await stampAll();
    const later = pac.received.slice(calls).filter((call) => call.method !== 'GET');
    const replacement = (await globalsOf('2026-07-01')).find((row) => row.id !== old!.id)!;
    expect(
      later.map((call) => `${call.method} ${call.path.split('?')[0]!.replace(/[0-9a-f]{24}/, ':id')}`),
    ).toEqual(['POST /v2/invoices', 'DELETE /v2/invoices/:id', 'POST /v2/invoices']);
    expect(later[0]!.body).toMatchObject({
      related_documents: [{ relationship: '04', documents: [old!.uuid] }],
      global: { periodicity: 'month', months: '07', year: 2026 },
    });
    expect(
      (later[0]!.body as { items: { product: { sku: string } }[] }).items.map((item) => item.product.sku),
    ).toEqual(others.map((sale) => formatFolio(sale.folio)));
    expect(later[1]!.path).toContain('motive=04');
    expect(later[2]!.body).toMatchObject({
      customer: { tax_id: profile.rfc },
      external_id: formatFolio(mine.folio),
    });

    const [cancelledOld] = await t.db.select().from(invoices).where(eq(invoices.id, old!.id));
    expect(cancelledOld).toMatchObject({ status: 'cancelled', cancelState: 'accepted', cancelMotive: '04' });
    expect(replacement).toMatchObject({ status: 'valid', totalCents: 75_000, relatedId: old!.id });
    const state = await t.call('GET', `/api/me/invoices?orderIds=${mine.id}`, client.cookie);
    expect(state.json().invoices[0].invoice.status).toBe('valid');
    const invoiced = await t.call(
      'GET',
      `/api/orders?invoice=invoiced&q=${formatFolio(mine.folio)}`,
      boss.cookie,
    );
    expect(invoiced.json().rows.map((row: { id: string }) => row.id)).toEqual([mine.id]);
    const corte = await t.call('GET', '/api/cash-summary?date=2026-07-30', boss.cookie);
    expect(corte.json().totals).toMatchObject({ invoicedCents: 60_000, inGlobalCents: 0 });
    // July in the reports: the client's sale on its own, the two others in the re-issued global.
    const july = await t.call('GET', '/api/reports?from=2026-07-01&to=2026-07-31', boss.cookie);
    expect(july.json().invoicing).toEqual({
      invoicedCents: 60_000,
      inGlobalCents: 75_000,
      notInvoicedCents: 0,
    });
  });
});

describe('cancelling an invoiced sale (point 7)', () => {
  async function invoicedSale(cents: number, created = new Date()) {
    const client = await loginAs(t, 'user');
    await t.call('PUT', '/api/me/fiscal-profile', client.cookie, {
      ...profile,
      email: `c-${client.user.id}@example.test`,
    });
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: cents, createdAt: created });
    expect((await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie)).statusCode).toBe(200);
    await stampAll();
    const [invoice] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'order')));
    expect(invoice!.status).toBe('valid');
    return { client, order, invoice: invoice! };
  }
  const cancelOrder = (id: string) =>
    t.call('POST', `/api/orders/${id}/cancel`, boss.cookie, { confirmation: orderMessages.cancelPhrase });
  const invoiceRow = async (id: string) =>
    (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('the same month: motive 03, accepted at once up to $1,000', async () => {
    const { order, invoice } = await invoicedSale(80_000);
    expect((await cancelOrder(order.id)).statusCode).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ cancelState: 'queued', cancelMotive: '03' });
    await cancelAll();
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'cancelled', cancelState: 'accepted' });
    expect(pac.received.at(-1)!.path).toBe(`/v2/invoices/${invoice.pacId}?motive=03`);
  });

  it('over $1,000 the receiver must accept: the state is followed until they do', async () => {
    const { order, invoice } = await invoicedSale(250_000);
    await cancelOrder(order.id);
    const now = new Date();
    await cancelAll(now);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'valid', cancelState: 'pending' });
    const shown = await t.call('GET', `/api/orders/${order.id}/invoice`, boss.cookie);
    expect(shown.json().invoice.cancellation).toEqual({ state: 'pending', motive: '03' });
    pac.answerCancellation(invoice.pacId!, true);
    await cancelAll(now);
    expect((await invoiceRow(invoice.id)).cancelState).toBe('pending');
    await cancelAll(new Date(now.getTime() + 61 * 60_000));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'cancelled', cancelState: 'accepted' });
  });

  it('an invoice of an earlier month stays; a credit note (egreso, relation 01) gives the money back', async () => {
    const { order, invoice } = await invoicedSale(90_000);
    await t.db
      .update(invoices)
      .set({ stampedAt: at('2026-10-31T18:00:00') })
      .where(eq(invoices.id, invoice.id));
    await cancelOrder(order.id);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit_note')));
    expect(note).toMatchObject({ status: 'queued', totalCents: 90_000, relatedId: invoice.id });
    await stampAll();
    expect(pac.received.filter((call) => call.method === 'POST').at(-1)!.body).toMatchObject({
      type: 'E',
      related_documents: [{ relationship: '01', documents: [invoice.uuid] }],
      items: [{ product: { product_key: '84111506', unit_key: 'ACT', price: 900 } }],
    });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'valid', cancelState: null });
  });

  it('02: cancelled for an error without a substitute, the sale goes back to its global', async () => {
    const { order, invoice } = await invoicedSale(40_000, at('2026-05-12T12:00:00'));
    const res = await t.call('POST', `/api/invoices/${invoice.id}/cancel`, boss.cookie, { motive: '02' });
    expect(res.statusCode, res.body).toBe(200);
    await cancelAll();
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'cancelled', cancelMotive: '02' });
    await t.call('POST', '/api/invoicing/globals', boss.cookie, { periodStart: '2026-05-01' });
    const [may] = await globalsOf('2026-05-01');
    expect(
      (may!.payload as { items: { product: { sku: string } }[] }).items.map((i) => i.product.sku),
    ).toEqual([formatFolio(order.folio)]);
  });

  it('01: re-issued with the corrected data first, then the old one cancelled naming its substitute', async () => {
    const { order, invoice } = await invoicedSale(30_000);
    const fixed = { ...profile, zip: '06600' };
    const res = await t.call('POST', `/api/invoices/${invoice.id}/cancel`, boss.cookie, {
      motive: '01',
      profile: fixed,
    });
    expect(res.statusCode, res.body).toBe(200);
    // The old one is not cancelled before its substitute is stamped.
    await cancelAll();
    expect((await invoiceRow(invoice.id)).cancelState).toBe('queued');
    await stampAll();
    await cancelAll();
    const [substitute] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'order'), eq(invoices.status, 'valid')));
    expect(substitute!.customer.zip).toBe('06600');
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'cancelled', cancelMotive: '01' });
    expect(pac.received.at(-1)!.path).toBe(
      `/v2/invoices/${invoice.pacId}?motive=01&substitution=${substitute!.uuid}`,
    );
    // A client cannot cancel invoices.
    const other = await loginAs(t, 'user');
    expect(
      (await t.call('POST', `/api/invoices/${substitute!.id}/cancel`, other.cookie, { motive: '02' }))
        .statusCode,
    ).toBe(403);
  });
});
