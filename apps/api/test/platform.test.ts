import { createHash } from 'node:crypto';
import { createProduct } from '@sala/db/factories/factories';
import { ZErrorEnvelope } from '@sala/shared/errors/error-envelope';
import { EARLY_TAPS_SCRIPT } from '@sala/shared/web/early-taps';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function expectEnvelope(body: string, code: string) {
  const parsed = ZErrorEnvelope.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message).not.toMatch(/select|insert|stack|at .*\.ts/i);
  return parsed.error;
}

describe('health', () => {
  it('answers /api/health without touching the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers /api/ready when the database responds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});

describe('error envelope', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expectEnvelope(res.body, 'not-found');
  });

  it('answers an unknown /api POST with a JSON 404 too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-existe', payload: { a: 1 } });
    expect(res.statusCode).toBe(404);
    expectEnvelope(res.body, 'not-found');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("allows scripts from the site itself and one inline script, the public pages' early-tap holder, by its hash", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((directive) => directive.startsWith('script-src'));
    const hash = createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('keeps the request id a client sends', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs from the zod contracts', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/catalog', '/api/auth/login', '/api/users']),
    );
    expect(
      doc.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('acceptTerms');
  });
});

describe('catalog', () => {
  it('lists active digital products as packages and services by ascending price', async () => {
    await createProduct(t.db, { name: 'Paquete caro', priceCents: 500_000 });
    await createProduct(t.db, { name: 'Paquete barato', priceCents: 50_000 });
    await createProduct(t.db, { name: 'Servicio', isService: true, credits: 0 });
    await createProduct(t.db, { name: 'Café', isDigital: false });
    await createProduct(t.db, { name: 'Inactivo', isActive: false });

    const res = await t.app.inject({ method: 'GET', url: '/api/catalog' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.packages.map((p: { name: string }) => p.name)).toEqual(['Paquete barato', 'Paquete caro']);
    expect(body.services.map((p: { name: string }) => p.name)).toEqual(['Servicio']);
  });
});

describe('errors from contracts and failures', () => {
  // Probe routes prove the generic wiring (contract → 400, crash → 500, constraint → 409) apart from any feature.
  let probe: TestApp;
  beforeAll(async () => {
    probe = await createTestApp({
      extend: (app) => {
        app.post(
          '/api/__probe',
          {
            config: { access: 'public' },
            schema: { body: z.object({ name: z.string().min(2), count: z.int() }) },
          },
          async (request) => ({ ok: request.body.name }),
        );
        app.get('/api/__crash', { config: { access: 'public' } }, async () => {
          throw new Error('select * from secret_table where boom');
        });
        app.get('/api/__duplicate', { config: { access: 'public' } }, async () => {
          throw Object.assign(
            new Error('duplicate key value violates unique constraint "users_email_lower_key"'),
            {
              code: '23505',
            },
          );
        });
      },
    });
  });
  afterAll(async () => {
    await probe.close();
  });

  it('turns a malformed JSON body into 400 invalid-argument', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/__probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res.body, 'invalid-argument').message).toBe(
      'La solicitud no tiene un formato JSON válido.',
    );
  });

  it('turns wrong field types into 400 invalid-argument with a Spanish message per field', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/__probe',
      payload: { name: 42, count: 'tres' },
    });
    expect(res.statusCode).toBe(400);
    const error = expectEnvelope(res.body, 'invalid-argument');
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['count', 'name']);
    expect(error.message).toMatch(/inválid|esperaba/i);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/__probe',
      headers: { 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(res.statusCode).toBe(400);
    expectEnvelope(res.body, 'invalid-argument');
  });

  it('accepts a valid body', async () => {
    const res = await probe.app.inject({
      method: 'POST',
      url: '/api/__probe',
      payload: { name: 'Ana', count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: 'Ana' });
  });

  it('hides the internals of an unexpected failure behind 500 internal', async () => {
    const res = await probe.app.inject({ method: 'GET', url: '/api/__crash' });
    expect(res.statusCode).toBe(500);
    const error = expectEnvelope(res.body, 'internal');
    expect(error.message).toBe('Oh no algo salió mal, ¡inténtalo de nuevo!');
    expect(res.body).not.toContain('secret_table');
  });

  it('maps a unique-constraint violation to 409 aborted', async () => {
    const res = await probe.app.inject({ method: 'GET', url: '/api/__duplicate' });
    expect(res.statusCode).toBe(409);
    expectEnvelope(res.body, 'aborted');
    expect(res.body).not.toContain('users_email_lower_key');
  });
});
