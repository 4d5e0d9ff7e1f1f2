import { createProduct } from '@sala/db/factories/factories';
import { products } from '@sala/db/schema/commerce';
import { productMessages as m } from '@sala/shared/products/products.messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let boss: { cookie: string };
let admin: { cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
  admin = await loginAs(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const valid = (overrides: object = {}) => ({
  name: `Paquete ${Date.now().toString(36)} ${n++}`,
  description: 'Diez sesiones; válidas 3 meses.',
  price: 1250.5,
  credits: 10,
  extra: 2,
  isDigital: true,
  isService: false,
  ...overrides,
});
const save = (payload: object, method: 'POST' | 'PATCH' = 'POST', url = '/api/products') =>
  t.call(method, url, boss.cookie, payload);
const catalog = async () => (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json();

describe('products', () => {
  it('takes the price in pesos and stores centavos', async () => {
    const res = await save(valid({ price: 1250.5 }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ priceCents: 125_050, credits: 10, extra: 2, isActive: true });
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().id));
    expect(row?.priceCents).toBe(125_050);
    for (const [price, cents] of [
      [0, 0],
      [0.1, 10],
      [19.99, 1999],
      [4300, 430_000],
    ] as const) {
      expect((await save(valid({ price }))).json().priceCents, String(price)).toBe(cents);
    }
  });

  it('requires name, description and price: "Valida los campos obligatorios"', async () => {
    for (const field of ['name', 'description', 'price']) {
      const res = await save(valid({ [field]: undefined }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message, field).toBe(m.requiredFields);
    }
    expect((await save(valid({ name: '  ' }))).json().error.message).toBe(m.requiredFields);
  });

  it('wants numbers of at least 0: "Verifica tus valores numericos"', async () => {
    const spoilt = [
      { price: -1 },
      { price: 'mil' },
      { price: 10.005 },
      { credits: -1 },
      { credits: 1.5 },
      { credits: 'diez' },
      { extra: -2 },
      { extra: 'dos' },
    ];
    for (const overrides of spoilt) {
      const res = await save(valid(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.message, JSON.stringify(overrides)).toBe(m.numericValues);
    }
  });

  it('never makes a point-of-sale product a service', async () => {
    const res = await save(valid({ isDigital: false, isService: true }));
    expect(res.json()).toMatchObject({ isDigital: false, isService: false });
  });

  it('edits a product and keeps the list server-paged and searchable by the super admin', async () => {
    const created = (await save(valid())).json();
    const edited = await save(
      valid({ name: `${created.name} Plus`, price: 99 }),
      'PATCH',
      `/api/products/${created.id}`,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: `${created.name} Plus`, priceCents: 9900 });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/products?q=${encodeURIComponent(created.name)}&sort=priceCents`,
      headers: { cookie: boss.cookie },
    });
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: created.id, priceCents: 9900 }] });
    // Productos is a super admin page: an admin does not list products, inactive ones included (issue 18).
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { cookie: admin.cookie },
    });
    expect(byAdmin.statusCode).toBe(403);
    const missing = await save(valid(), 'PATCH', '/api/products/00000000-0000-4000-8000-000000000009');
    expect(missing.statusCode).toBe(404);
  });

  it('takes an inactive product off the public catalogue at once, and brings it back', async () => {
    const product = await createProduct(t.db, { name: `Visible ${Date.now()}`, isDigital: true });
    const names = async () => (await catalog()).packages.map((p: { name: string }) => p.name);
    expect(await names()).toContain(product.name);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/active`,
      headers: { cookie: boss.cookie },
      payload: { isActive: false },
    });
    expect(off.json().isActive).toBe(false);
    expect(await names()).not.toContain(product.name);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${product.id}/active`,
      headers: { cookie: boss.cookie },
      payload: { isActive: true },
    });
    expect(await names()).toContain(product.name);
  });

  it('lists only active digital products publicly: packages and services by ascending price', async () => {
    const tag = Date.now().toString(36);
    await createProduct(t.db, { name: `Caro ${tag}`, priceCents: 900_000 });
    await createProduct(t.db, { name: `Barato ${tag}`, priceCents: 1_000 });
    await createProduct(t.db, { name: `Servicio ${tag}`, isService: true, priceCents: 5_000 });
    await createProduct(t.db, { name: `Cafe ${tag}`, isDigital: false });
    const body = await catalog();
    const mine = (list: { name: string }[]) => list.map((p) => p.name).filter((name) => name.endsWith(tag));
    expect(mine(body.packages)).toEqual([`Barato ${tag}`, `Caro ${tag}`]);
    expect(mine(body.services)).toEqual([`Servicio ${tag}`]);
    const prices = body.packages.map((p: { priceCents: number }) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
