import {
  createBranch,
  createCost,
  createOrder,
  createRoom,
  createSession,
  createUser,
} from '@sala/db/factories/factories';
import { users } from '@sala/db/schema/users';
import { businessDate, businessInstant } from '@sala/shared/time/business-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSerially } from '../src/lib/paging';
import { rowsOf } from '../src/lib/sql-rows';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * The totals of the staff's paged tables (issue 46): each counts in a query of its own (withTotal, countOrders), by
 * one process (countSerially), and must still be the number of rows its filter finds.
 */
let t: TestApp;
let boss: Awaited<ReturnType<typeof loginAs>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
});
afterAll(() => t.close());

const setting = async () =>
  rowsOf<{ n: string }>(
    await t.db.execute(sql`select current_setting('max_parallel_workers_per_gather') as n`),
  )[0]!.n;

describe('a count by one process', () => {
  it('turns parallel workers off for its own transaction only', async () => {
    const before = await setting();
    expect(
      await countSerially(t.db, sql`select current_setting('max_parallel_workers_per_gather')::int`),
    ).toBe(0);
    expect(await setting()).toBe(before);
  });

  it('answers the one number of its query, however the column is named', async () => {
    expect(await countSerially(t.db, sql`select 7::int as whatever`)).toBe(7);
    expect(await countSerially(t.db, sql`select count(*) from generate_series(1, 12)`)).toBe(12);
  });
});

describe("each paged staff table's total is the number of its rows", () => {
  it('órdenes, gastos, auditoría, correos and the day of reservaciones', async () => {
    const client = await createUser(t.db, { name: 'Totales Uno' });
    for (let i = 0; i < 3; i++) await createOrder(t.db, { userId: client.id });
    for (let i = 0; i < 2; i++) await createCost(t.db);
    // An audited staff action and a stored e-mail.
    const edited = await t.call('PATCH', `/api/users/${client.id}`, boss.cookie, {
      name: 'Totales Dos',
      email: client.email,
      phone: client.phone,
      credits: client.credits,
      role: 'user',
      isActive: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      (await t.call('POST', '/api/auth/forgot-password', undefined, { email: client.email })).statusCode,
    ).toBe(200);
    const room = await createRoom(t.db);
    const day = businessDate(new Date(Date.now() + 3 * 86_400_000));
    for (const hour of [10, 11])
      await createSession(t.db, room, { startsAt: businessInstant(day, `${hour}:00`) });

    const count = async (query: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number | string }>(await t.db.execute(query))[0]!.n);
    const cases: [string, number][] = [
      ['/api/orders?page=1&pageSize=1', await count(sql`select count(*) as n from orders`)],
      ['/api/costs?page=1&pageSize=1', await count(sql`select count(*) as n from costs`)],
      ['/api/audit?page=1&pageSize=1', await count(sql`select count(*) as n from audit_log`)],
      ['/api/outbox?page=1&pageSize=1', await count(sql`select count(*) as n from email_outbox`)],
      [
        `/api/staff/sessions?page=1&pageSize=1&date=${day}&branchId=${room.branchId}`,
        await count(sql`select count(*) as n from room_sessions where room_id = ${room.id}`),
      ],
    ];
    for (const [url, expected] of cases) {
      expect(expected, url).toBeGreaterThanOrEqual(1);
      const res = await t.call('GET', url, boss.cookie);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      expect(res.json().total, url).toBe(expected);
    }
  });
});

describe('a search of Usuarios pages its matches in order, few or many (issue 46)', () => {
  // More matches than FEW_MATCHES (2 000) walk the sort's index; fewer are read by the trigram index and sorted.
  const MANY = 2_050;
  beforeAll(async () => {
    const passwordHash = (await createUser(t.db, { name: 'Búsqueda Rara Zeta' })).passwordHash;
    // Names out of insertion order (a step coprime with MANY), two accounts sharing each of some names (the id
    // breaks the tie), and one closed account that no list shows.
    await t.db.insert(users).values(
      Array.from({ length: MANY }, (_, i) => ({
        name: `Búsqueda Masiva ${String(((i * 7) % MANY) >> 1).padStart(4, '0')}`,
        email: `masiva-${i}@example.test`,
        phone: '5500000000',
        role: 'user' as const,
        credits: (i * 13) % 17,
        passwordHash,
        closedAt: i === 5 ? new Date() : null,
      })),
    );
    await createUser(t.db, { name: 'Búsqueda Rara Alfa' });
    await createUser(t.db, { name: 'Búsqueda Rara Alfa' });
  });

  const expected = async (word: string, sort: 'name' | 'credits', dir: 'asc' | 'desc') =>
    rowsOf<{ id: string }>(
      await t.db.execute(sql`
        select id from users where closed_at is null and name like ${`Búsqueda ${word}%`}
        order by ${sql.raw(sort)} ${sql.raw(dir)}, id ${sql.raw(dir)}`),
    ).map((row) => row.id);

  it.each([
    ['Masiva', 'name', 'asc', 1],
    ['Masiva', 'name', 'desc', 57],
    ['Masiva', 'credits', 'desc', 3],
    // Past the middle, read from the other end: a full page and the last one (9 rows of 2 049).
    ['Masiva', 'name', 'asc', 150],
    ['Masiva', 'credits', 'desc', 205],
    ['Rara', 'name', 'asc', 1],
    ['Rara', 'name', 'desc', 1],
    ['Rara', 'credits', 'asc', 1],
  ] as const)('"%s" by %s %s, page %i', async (word, sort, dir, page) => {
    const all = await expected(word, sort, dir);
    expect(all.length).toBe(word === 'Masiva' ? MANY - 1 : 3);
    const res = await t.call(
      'GET',
      `/api/users?page=${page}&pageSize=10&sort=${sort}&dir=${dir}&q=${encodeURIComponent(word)}`,
      boss.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { rows: { id: string }[]; total: number };
    expect(body.total).toBe(all.length);
    expect(body.rows.map((row) => row.id)).toEqual(all.slice((page - 1) * 10, page * 10));
  });
});

describe('Usuarios without a search: every page is the slice of the whole sort, read from either end (issue 46)', () => {
  it.each([
    ['name', 'asc'],
    ['credits', 'desc'],
    ['email', 'desc'],
  ] as const)('by %s %s', async (sort, dir) => {
    const all = rowsOf<{ id: string }>(
      await t.db.execute(sql`
        select id from users where closed_at is null order by ${sql.raw(sort)} ${sql.raw(dir)}, id ${sql.raw(dir)}`),
    ).map((row) => row.id);
    const pageSize = 25;
    const last = Math.ceil(all.length / pageSize);
    // The first, one before the middle, one after it, the last (part of a page) and one past the end.
    for (const page of [1, Math.floor(last / 2), Math.floor(last / 2) + 2, last, last + 1]) {
      const res = await t.call(
        'GET',
        `/api/users?page=${page}&pageSize=${pageSize}&sort=${sort}&dir=${dir}`,
        boss.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { rows: { id: string }[]; total: number };
      expect(body.total).toBe(all.length);
      expect(
        body.rows.map((row) => row.id),
        `page ${page}`,
      ).toEqual(all.slice((page - 1) * pageSize, page * pageSize));
    }
  });
});

describe('a day of reservaciones: the page chosen first is the page of the whole sort (issue 46)', () => {
  const day = businessDate(new Date(Date.now() + 9 * 86_400_000));
  beforeAll(async () => {
    // Two branches (one named to sort first), two rooms each, sessions at three hours with clients, a courtesy
    // holder and a cancelled one; several share an hour, so the later sort keys decide.
    const first = await createBranch(t.db, { name: 'Aaa Orden Primera' });
    const second = await createBranch(t.db, { name: 'Zzz Orden Segunda', cityId: first.cityId });
    const rooms = [];
    for (const branch of [second, first])
      for (const position of [2, 1])
        rooms.push(await createRoom(t.db, { branchId: branch.id, cityId: branch.cityId, position }));
    const people = [
      await createUser(t.db, { name: 'Orden Beatriz' }),
      await createUser(t.db, { name: 'Orden Ana' }),
      null,
      await createUser(t.db, { name: 'Orden Carlos' }),
    ];
    for (const [h, hour] of ['09:00', '10:00', '11:00'].entries())
      for (const [r, room] of rooms.entries()) {
        const person = people[(h + r) % people.length];
        await createSession(t.db, room, {
          startsAt: businessInstant(day, hour),
          userId: person?.id ?? null,
          ...(person ? {} : { isCourtesy: true, courtesyName: `Orden Cortesía ${h}` }),
          ...(h === 1 && r === 3 ? { cancelledAt: new Date() } : {}),
        });
      }
  });

  /** The whole day in the staff's order, joined and sorted in one query: what the pages must add up to. */
  const expected = async (sort: string, dir: 'asc' | 'desc', includeCancelled: boolean) => {
    const key = {
      startsAt: sql`s.starts_at`,
      branchName: sql`b.name`,
      roomName: sql`r.position`,
      holderName: sql`coalesce(u.name, s.courtesy_name, '')`,
    }[sort]!;
    return rowsOf<{ id: string }>(
      await t.db.execute(sql`
        select s.id from room_sessions s join rooms r on r.id = s.room_id join branches b on b.id = s.branch_id
        left join users u on u.id = s.user_id
        where s.starts_at >= ${businessInstant(day, '00:00').toISOString()}::timestamptz
          and s.starts_at < ${businessInstant(day, '23:59').toISOString()}::timestamptz
          and (${includeCancelled} or s.cancelled_at is null)
        order by ${key} ${sql.raw(dir)}, s.starts_at, b.name, r.position, s.id`),
    ).map((row) => row.id);
  };

  it.each([
    ['startsAt', 'asc', false],
    ['branchName', 'desc', true],
    ['roomName', 'asc', true],
    ['holderName', 'asc', false],
    ['holderName', 'desc', true],
  ] as const)('by %s %s (cancelled too: %s), page by page', async (sort, dir, includeCancelled) => {
    const all = await expected(sort, dir, includeCancelled);
    expect(all.length).toBe(includeCancelled ? 12 : 11);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.call(
        'GET',
        `/api/staff/sessions?page=${page}&pageSize=5&sort=${sort}&dir=${dir}&date=${day}&includeCancelled=${includeCancelled}`,
        boss.cookie,
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { rows: { id: string }[]; total: number };
      expect(body.total).toBe(all.length);
      seen.push(...body.rows.map((row) => row.id));
    }
    expect(seen).toEqual(all);
  });
});
