import { createOrder, createProduct } from '@sala/db/factories/factories';
import { auditLog } from '@sala/db/schema/audit';
import { orderItems } from '@sala/db/schema/commerce';
import { emailOutbox } from '@sala/db/schema/infrastructure';
import { invoices } from '@sala/db/schema/invoicing';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { formatFolio } from '@sala/shared/orders/folio';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FacturapiStandIn, startFacturapiStandIn } from '../harness/facturapi-stand-in';
import { sendDueInvoices } from '../src/modules/invoicing/invoicing.queue';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Issue 42: a client invoices a purchase of theirs through the PAC (Facturapi's SDK against a stand-in that speaks
 * its HTTP API). The PAC is called only by the queue, outside any transaction; a sale is stamped once, however
 * many requests ask, and however often the PAC fails in between.
 */
let t: TestApp;
let pac: FacturapiStandIn;
let boss: { user: { id: string; name: string }; cookie: string };
let cashier: { user: { id: string; name: string }; cookie: string };

const issuer = {
  rfc: 'EKU9003173C9',
  legalName: 'ESCUELA KEMPER URGATE',
  taxSystem: '601',
  zip: '06700',
  series: 'F',
  nextFolio: 100,
  defaultProductKey: '80131502',
  defaultUnitKey: 'E48',
  globalPeriodicity: 'month',
  requestWindowDays: null,
  productKeys: [],
};
const profile = {
  rfc: 'COSC8001137NA',
  legalName: 'Cosme Fulanito',
  taxSystem: '612',
  zip: '06700',
  cfdiUse: 'G03',
  email: 'facturas-cosme@example.test',
};

beforeAll(async () => {
  pac = await startFacturapiStandIn();
  t = await createTestApp({ env: { FACTURAPI_KEY: 'sk_test_standin', FACTURAPI_URL: pac.url } });
  boss = await loginAs(t, 'superadmin');
  cashier = await loginAs(t, 'admin');
  const saved = await t.call('PUT', '/api/invoicing/settings', boss.cookie, issuer);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await pac.close();
});
beforeEach(() => pac.setDown(false));

/** One run of the queue, as the worker of a process would do it, at `now`. */
const runQueue = (now = new Date()) =>
  sendDueInvoices({ db: t.db, invoicing: t.app.invoicing, notify: t.app.notify, now }, { limit: 50 });

async function clientWithProfile(overrides: Partial<typeof profile> = {}) {
  const client = await loginAs(t, 'user');
  const res = await t.call('PUT', '/api/me/fiscal-profile', client.cookie, { ...profile, ...overrides });
  expect(res.statusCode, res.body).toBe(200);
  return client;
}

const invoicesOf = (orderId: string) => t.db.select().from(invoices).where(eq(invoices.orderId, orderId));

describe('settings and fiscal profiles', () => {
  it('only the super admin sees and edits the fiscal settings', async () => {
    expect((await t.call('GET', '/api/invoicing/settings', cashier.cookie)).statusCode).toBe(403);
    expect((await t.call('PUT', '/api/invoicing/settings', cashier.cookie, issuer)).statusCode).toBe(403);
    const read = await t.call('GET', '/api/invoicing/settings', boss.cookie);
    expect(read.json()).toMatchObject({ settings: { rfc: 'EKU9003173C9', series: 'F' }, mode: 'test' });
  });

  it('never hands out a folio twice: the next one stays above the last one used', async () => {
    const client = await clientWithProfile();
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 10_000 });
    await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    const [used] = await invoicesOf(order.id);
    const back = await t.call('PUT', '/api/invoicing/settings', boss.cookie, {
      ...issuer,
      nextFolio: used!.folioNumber,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.fields).toEqual({ nextFolio: m.folioUsed('F', used!.folioNumber) });
    // Another series starts where the business says.
    const other = await t.call('PUT', '/api/invoicing/settings', boss.cookie, {
      ...issuer,
      series: 'G',
      nextFolio: 1,
    });
    expect(other.statusCode, other.body).toBe(200);
    const again = await t.call('PUT', '/api/invoicing/settings', boss.cookie, {
      ...issuer,
      nextFolio: used!.folioNumber + 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    await runQueue();
  });

  it('a save that leaves the folio out goes on above the folios issued since the page loaded', async () => {
    const shown = (await t.call('GET', '/api/invoicing/settings', boss.cookie)).json().settings.nextFolio;
    // While the form is open, a client's invoice takes the folio it shows.
    const client = await clientWithProfile();
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 10_000 });
    await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    const [used] = await invoicesOf(order.id);
    expect(used!.folioNumber).toBe(shown);
    // The super admin changes the legal name only: the folio is not sent, and the save goes through.
    const { nextFolio: _shown, ...untouched } = issuer;
    const saved = await t.call('PUT', '/api/invoicing/settings', boss.cookie, {
      ...untouched,
      legalName: 'ESCUELA KEMPER URGATE SA',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({
      legalName: 'ESCUELA KEMPER URGATE SA',
      nextFolio: shown + 1,
    });
    // A new series without a folio starts at 1; the folio shown, sent as it was, is still refused.
    const other = await t.call('PUT', '/api/invoicing/settings', boss.cookie, { ...untouched, series: 'H' });
    expect(other.json().settings).toMatchObject({ series: 'H', nextFolio: 1 });
    const stale = await t.call('PUT', '/api/invoicing/settings', boss.cookie, {
      ...issuer,
      nextFolio: shown,
    });
    expect(stale.statusCode).toBe(409);
    const back = await t.call('PUT', '/api/invoicing/settings', boss.cookie, untouched);
    expect(back.json().settings).toMatchObject({ series: 'F', nextFolio: shown + 1 });
    await runQueue();
  });

  it('a client saves their profile as the Constancia writes it; a wrong check digit is a warning', async () => {
    const client = await loginAs(t, 'user');
    const empty = await t.call('GET', '/api/me/fiscal-profile', client.cookie);
    expect(empty.json()).toEqual({ profile: null, warnings: [], mode: 'test' });
    const saved = await t.call('PUT', '/api/me/fiscal-profile', client.cookie, {
      ...profile,
      rfc: 'cosc8001137n9',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      profile: { ...profile, rfc: 'COSC8001137N9', legalName: 'COSME FULANITO' },
      warnings: [m.rfcCheckDigit],
      mode: 'test',
    });
    const bad = await t.call('PUT', '/api/me/fiscal-profile', client.cookie, {
      ...profile,
      taxSystem: '605',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ cfdiUse: m.cfdiUseNotForRegime });
  });

  it('staff edit a client’s profile, and it is in the audit log', async () => {
    const client = await loginAs(t, 'user');
    const res = await t.call('PUT', `/api/users/${client.user.id}/fiscal-profile`, cashier.cookie, profile);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fiscal_profile.update'), eq(auditLog.entityId, client.user.id)));
    expect(rows).toHaveLength(1);
    expect((await t.call('GET', `/api/me/fiscal-profile`, client.cookie)).json().profile.rfc).toBe(
      profile.rfc,
    );
  });
});

describe('invoicing a sale', () => {
  it('stamps a purchase with its concepts, payment form and folio; the client downloads it and gets it by e-mail', async () => {
    const client = await clientWithProfile();
    const order = await createOrder(t.db, {
      userId: client.user.id,
      totalCents: 116_000,
      paidCardCents: 116_000,
      itemName: 'Paquete 10 horas',
    });
    const asked = await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().invoice).toMatchObject({
      status: 'queued',
      series: 'F',
      customer: { rfc: profile.rfc, taxSystem: '612' },
    });

    await runQueue();
    const sent = pac.received.find(
      (call) =>
        call.method === 'POST' &&
        (call.body as { external_id?: string }).external_id === formatFolio(order.folio),
    );
    expect(sent!.body).toMatchObject({
      type: 'I',
      payment_form: '04',
      payment_method: 'PUE',
      use: 'G03',
      series: 'F',
      external_id: formatFolio(order.folio),
      customer: {
        tax_id: 'COSC8001137NA',
        legal_name: 'COSME FULANITO',
        tax_system: '612',
        address: { zip: '06700' },
      },
      items: [
        {
          quantity: 1,
          product: {
            description: 'Paquete 10 horas',
            product_key: '80131502',
            unit_key: 'E48',
            price: 1160,
            tax_included: true,
            taxes: [{ type: 'IVA', rate: 0.16 }],
            sku: formatFolio(order.folio),
          },
        },
      ],
    });
    expect((sent!.body as { idempotency_key: string }).idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    const state = await t.call('GET', `/api/me/invoices?orderIds=${order.id}`, client.cookie);
    const [mine] = state.json().invoices;
    expect(mine.invoice).toMatchObject({ status: 'valid', isTest: true, totalCents: 116_000 });
    expect(mine.invoice.uuid).toMatch(/^[0-9A-F-]{36}$/);

    const pdf = await t.call('GET', `/api/invoices/${mine.invoice.id}/pdf`, client.cookie);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xml = await t.call('GET', `/api/invoices/${mine.invoice.id}/xml`, client.cookie);
    expect(xml.body).toContain(`UUID="${mine.invoice.uuid}"`);
    expect(xml.headers['content-disposition']).toContain(`factura-F${mine.invoice.folioNumber}.xml`);

    // Nobody else's: another client gets nothing; the staff do.
    const other = await loginAs(t, 'user');
    expect((await t.call('GET', `/api/invoices/${mine.invoice.id}/pdf`, other.cookie)).statusCode).toBe(404);
    expect((await t.call('POST', `/api/me/orders/${order.id}/invoice`, other.cookie)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/invoices/${mine.invoice.id}/pdf`, cashier.cookie)).statusCode).toBe(
      200,
    );

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.subject, `Tu factura F-${mine.invoice.folioNumber}`));
    expect(mail!.toAddress).toBe(profile.email);
    expect(mail!.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`factura-F${mine.invoice.folioNumber}.pdf`, 'application/pdf'],
      [`factura-F${mine.invoice.folioNumber}.xml`, 'application/xml'],
    ]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, mine.invoice.id));
    expect(audit.map((row) => row.action).sort()).toEqual(['invoice.request', 'invoice.stamp']);
  });

  it('a debit card is payment form 28, as the gateway tells it; a credit card 04', async () => {
    const client = await clientWithProfile();
    const paid = async (card: string) => {
      const paymentRef = `test_pi_${crypto.randomUUID()}`;
      expect((await t.app.payments.chargeTestCard!(paymentRef, card)).ok).toBe(true);
      return createOrder(t.db, {
        userId: client.user.id,
        totalCents: 50_000,
        paidCardCents: 50_000,
        isPos: false,
        paymentRef,
      });
    };
    const debit = await paid('4000056655665556');
    const credit = await paid('4242424242424242');
    for (const order of [debit, credit])
      await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    await runQueue();
    const formOf = (order: { folio: number }) =>
      pac.stamped().find((invoice) => invoice.body.external_id === formatFolio(order.folio))!.body
        .payment_form;
    expect(formOf(debit)).toBe('28');
    expect(formOf(credit)).toBe('04');
  });

  it('five parallel requests for one sale stamp once', async () => {
    const client = await clientWithProfile();
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 50_000 });
    const before = pac.stamped().length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.json().invoice.id)).size).toBe(1);
    await Promise.all([runQueue(), runQueue(), runQueue()]);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(pac.stamped().length - before).toBe(1);
    // Asking again once stamped answers the same invoice.
    const again = await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    expect(again.json().invoice).toMatchObject({ id: answers[0]!.json().invoice.id, status: 'valid' });
  });

  it('a PAC that is down delays the invoice; it is stamped once when the PAC is back', async () => {
    const client = await clientWithProfile();
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 30_000 });
    pac.setDown(true);
    const asked = await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    const now = new Date();
    await runQueue(now);
    const [waiting] = await invoicesOf(order.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    // Not due yet: nothing is sent.
    pac.setDown(false);
    const calls = pac.received.length;
    await runQueue(now);
    expect(pac.received.length).toBe(calls);

    // Due again once the PAC is back: stamped once, and later runs send nothing more.
    const before = pac.stamped().length;
    await runQueue(new Date(now.getTime() + 60 * 60_000));
    await runQueue(new Date(now.getTime() + 2 * 60 * 60_000));
    const [stamped] = await invoicesOf(order.id);
    expect(stamped).toMatchObject({ status: 'valid' });
    expect(pac.stamped().length - before).toBe(1);
  });

  it('a retry after a lost answer never stamps twice (the idempotency key)', async () => {
    const client = await clientWithProfile();
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 20_000 });
    await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    const [queued] = await invoicesOf(order.id);
    // The PAC stamped it for an earlier attempt whose answer never arrived.
    await t.app.invoicing.pac!.stamp(queued!.payload as never, queued!.idempotencyKey);
    const before = pac.stamped().length;
    await runQueue();
    expect(pac.stamped().length).toBe(before);
    const [done] = await invoicesOf(order.id);
    expect(done).toMatchObject({ status: 'valid' });
  });

  it('a fiscal profile the SAT does not know is refused with the PAC’s reason and the field to fix; nothing is stamped', async () => {
    pac.registerTaxpayer({
      rfc: 'MASE800101AB1',
      legalName: 'ERNESTO MARTINEZ SALAS',
      zip: '44100',
      taxSystem: '612',
    });
    const client = await clientWithProfile({ rfc: 'MASE800101AB1', legalName: 'Ernesto Martínez' });
    const order = await createOrder(t.db, { userId: client.user.id, totalCents: 40_000 });
    await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    await runQueue();
    const answer = (await t.call('GET', `/api/me/invoices?orderIds=${order.id}`, client.cookie)).json()
      .invoices[0];
    expect(answer.invoice).toMatchObject({ status: 'failed', uuid: null });
    expect(answer.invoice.error).toEqual({
      message: expect.stringContaining('Nombre del receptor'),
      field: 'legalName',
    });
    expect(pac.stamped().filter((invoice) => invoice.body.customer.tax_id === 'MASE800101AB1')).toHaveLength(
      0,
    );

    // Fixed as the Constancia says (name and CP): asked again, stamped.
    await t.call('PUT', '/api/me/fiscal-profile', client.cookie, {
      ...profile,
      rfc: 'MASE800101AB1',
      legalName: 'Ernesto Martinez Salas',
      zip: '44100',
    });
    const again = await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    expect(again.json().invoice.status).toBe('queued');
    await runQueue();

    // Mis pedidos asks about a page of sales at once: each answered on its own, in the order asked.
    const plain = await createOrder(t.db, { userId: client.user.id, totalCents: 10_000 });
    const page = (
      await t.call('GET', `/api/me/invoices?orderIds=${plain.id},${order.id}`, client.cookie)
    ).json();
    expect(page.invoices.map((answer: { orderId: string }) => answer.orderId)).toEqual([plain.id, order.id]);
    expect(page.invoices[0].invoice).toBeNull();
    expect(page.invoices[0].askUntil).not.toBeNull();
    expect(page.invoices[1].invoice.status).not.toBe('failed');
    // Someone else's sale among them: not found, for the whole page.
    const theirs = await createOrder(t.db, {});
    const refused = await t.call('GET', `/api/me/invoices?orderIds=${plain.id},${theirs.id}`, client.cookie);
    expect(refused.statusCode).toBe(404);
    expect((await invoicesOf(order.id)).map((row) => row.status).sort()).toEqual(['failed', 'valid']);
  });

  it('refuses what cannot be invoiced: unpaid, outside the window, without a profile', async () => {
    const client = await loginAs(t, 'user');
    const order = await createOrder(t.db, { userId: client.user.id });
    const noProfile = await t.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
    expect(noProfile.json().error.message).toBe(m.profileMissing);
    await t.call('PUT', '/api/me/fiscal-profile', client.cookie, profile);
    const pending = await createOrder(t.db, { userId: client.user.id, status: 'pending' });
    expect(
      (await t.call('POST', `/api/me/orders/${pending.id}/invoice`, client.cookie)).json().error.message,
    ).toBe(m.notCompleted);
    const lastYear = await createOrder(t.db, {
      userId: client.user.id,
      createdAt: new Date('2025-01-15T18:00:00Z'),
    });
    const late = await t.call('POST', `/api/me/orders/${lastYear.id}/invoice`, client.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(m.windowClosed('viernes 31 de enero de 2025'));
  });

  it('staff invoice a walk-in sale at the counter with the data the client gives', async () => {
    const coffee = await createProduct(t.db, { priceCents: 3_500, isDigital: false });
    const sale = await createOrder(t.db, { totalCents: 7_000, paidCashCents: 7_000, quantity: 2 });
    await t.db.update(orderItems).set({ productId: coffee.id }).where(eq(orderItems.orderId, sale.id));
    const res = await t.call('POST', `/api/orders/${sale.id}/invoice`, cashier.cookie, {
      profile: { ...profile, email: 'otra@example.test' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runQueue();
    const sent = pac.stamped().find((invoice) => invoice.body.external_id === formatFolio(sale.folio))!;
    expect(sent.body.payment_form).toBe('01');
    expect(sent.body.items).toEqual([
      expect.objectContaining({ quantity: 2, product: expect.objectContaining({ price: 35 }) }),
    ]);
    expect(sent.total).toBe(70);
    const mails = await t.db.select().from(emailOutbox).where(like(emailOutbox.subject, 'Tu factura F-%'));
    expect(mails.some((mail) => mail.toAddress === 'otra@example.test')).toBe(true);
  });
});

describe('invoicing off', () => {
  it('without FACTURAPI_KEY a client cannot ask, and is told why', async () => {
    const off = await createTestApp();
    try {
      const client = await loginAs(off, 'user');
      const order = await createOrder(off.db, { userId: client.user.id });
      const res = await off.call('POST', `/api/me/orders/${order.id}/invoice`, client.cookie);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(m.off);
      expect((await off.call('GET', '/api/me/fiscal-profile', client.cookie)).json().mode).toBe('off');
    } finally {
      await off.close();
    }
  });
});
