import { type APIRequest, type APIRequestContext, expect, type Page } from '@playwright/test';

export const demo = {
  superadmin: { email: 'superadmin@example.com', password: 'demo1234' },
  admin: { email: 'admin@example.com', password: 'demo1234' },
  client: { email: 'cliente@example.com', password: 'demo1234' },
} as const;

/** Logs in through the API (the login form has its own test); the page's context keeps the cookie. */
export async function loginAs(page: Page, who: keyof typeof demo) {
  const res = await page.request.post('/api/auth/login', { data: demo[who] });
  expect(res.status(), await res.text()).toBe(200);
}

let counter = 0;
/**
 * Letters only, so it is a valid name anywhere, and unique in a run without chance: the worker's process id and a
 * counter tell the specs apart (each run has a fresh database; the clock only separates runs that share one).
 */
export function uniqueTag() {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`.replace(
    /[0-9]/g,
    (d) => 'abcdefghij'[Number(d)]!,
  );
}

export function uniqueClient() {
  const id = uniqueTag();
  return {
    name: `Paciente Prueba ${id}`,
    email: `e2e-${id}@example.test`,
    phone: '5544332211',
    password: 'clave123',
  };
}

/** The newest stored e-mail to an address, read as a super admin would (no SMTP server in tests). */
export async function latestEmailTo(request: APIRequestContext, to: string) {
  const login = await request.post('/api/auth/login', { data: demo.superadmin });
  expect(login.status()).toBe(200);
  const res = await request.get(`/api/outbox?q=${encodeURIComponent(to)}&sort=createdAt&dir=desc&pageSize=1`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { rows: { text: string; subject: string }[] };
  expect(body.rows.length).toBeGreaterThan(0);
  return body.rows[0]!;
}

/**
 * A fresh, active client with the given credits, made through the API (register, then a super admin activates
 * it and sets its credits), for tests that assert a balance: the demo client is shared by parallel specs.
 */
export async function createClient(playwright: { request: APIRequest }, baseURL: string, credits: number) {
  const client = uniqueClient();
  const boss = await playwright.request.newContext({ baseURL });
  try {
    const registered = await boss.post('/api/auth/register', {
      data: {
        name: client.name,
        email: client.email,
        phone: client.phone,
        password: client.password,
        passwordConfirmation: client.password,
        acceptTerms: true,
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    expect((await boss.post('/api/auth/login', { data: demo.superadmin })).status()).toBe(200);
    const found = await boss.get(`/api/users?q=${encodeURIComponent(client.email)}`);
    const [user] = ((await found.json()) as { rows: { id: string }[] }).rows;
    const updated = await boss.patch(`/api/users/${user!.id}`, {
      data: { name: client.name, email: client.email, phone: client.phone, credits, isActive: true },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    return { ...client, id: user!.id };
  } finally {
    await boss.dispose();
  }
}

const weekdays = { firstHour: 8, lastHour: 20 };
const schedule = [null, weekdays, weekdays, weekdays, weekdays, weekdays, { firstHour: 8, lastHour: 14 }];

/**
 * A branch of its own (and its rooms, Sala 1…), made through the API by the staff member the request is logged in
 * as: a spec that needs a quiet day or its own corte gets one, whatever the demo's lived-in history booked and
 * whatever the specs running beside it do. In the demo zone named, or the first one.
 */
export async function createBranch(
  request: APIRequestContext,
  name: string,
  options: { zone?: string; rooms?: number; sessionCost?: number } = {},
) {
  const cities = (await (await request.get('/api/cities/options')).json()) as { id: string; name: string }[];
  const city = options.zone ? cities.find((c) => c.name === options.zone)! : cities[0]!;
  const res = await request.post('/api/branches', {
    data: {
      name,
      cityId: city.id,
      sessionCost: options.sessionCost ?? 1,
      schedule,
      address: 'Av. Prueba 123, Col. Centro',
      phone: '5512345678',
      description: 'Sucursal de prueba.',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { id: string }).id;
  for (let position = 1; position <= (options.rooms ?? 0); position++) {
    const room = await request.post('/api/rooms', { data: { cityId: city.id, branchId: id, position } });
    expect(room.status(), await room.text()).toBe(201);
  }
  return { id, cityId: city.id, zone: city.name };
}
