import { type APIRequestContext, expect, type Page } from '@playwright/test';

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
export function uniqueClient() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `Paciente Prueba ${id.replace(/[0-9]/g, (d) => 'abcdefghij'[Number(d)]!)}`,
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
