import { createCost, createRoom, createSession } from '@sala/db/factories/factories';
import { dayBlocks, roomBlocks } from '@sala/db/schema/blocks';
import { costs } from '@sala/db/schema/commerce';
import { creditLots } from '@sala/db/schema/ledger';
import { roomSessions } from '@sala/db/schema/sessions';
import { blockMessages } from '@sala/shared/blocks/blocks.messages';
import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import { waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { costMessages } from '@sala/shared/costs/costs.messages';
import { creditLotMessages } from '@sala/shared/credits/credit-lots.messages';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { dateRangeMessages } from '@sala/shared/time/date-range';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from './sessions';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every route that reads a date, sent the ends of the calendar and a leap day that does not exist: only 2xx or
 * 4xx, never a 500, and a refused write stores nothing. The dates are far from any range's ends, so the answers
 * do not depend on the day the test runs.
 */
let t: TestApp;
let boss: { cookie: string; user: { id: string } };
let client: { cookie: string };
let fx: {
  cityId: string;
  branchId: string;
  roomId: string;
  costId: string;
  clientId: string;
  sessionId: string;
  lotId: string;
};
beforeAll(async () => {
  t = await createTestApp();
  boss = await loginAs(t, 'superadmin');
  client = await loginAs(t, 'user', { credits: 5 });
  const clientId = (await loginAs(t, 'user', { credits: 2 })).user.id;
  // A lot of the client's that ends in 30 days (issue 44), to extend.
  const [lot] = await t.db
    .update(creditLots)
    .set({ expiresOn: addDays(businessDate(new Date()), 30) })
    .where(eq(creditLots.userId, clientId))
    .returning({ id: creditLots.id });
  const room = await createRoom(t.db);
  const cost = await createCost(t.db, { branchId: room.branchId });
  // A session of the super admin's own far ahead: a move to an extreme date is refused before it is touched.
  const session = await createSession(t.db, room, {
    userId: boss.user.id,
    startsAt: new Date('2099-01-05T16:00:00Z'),
  });
  fx = {
    cityId: room.cityId,
    branchId: room.branchId,
    roomId: room.id,
    costId: cost.id,
    clientId,
    sessionId: session.id,
    lotId: lot!.id,
  };
});
afterAll(async () => {
  await t.close();
});

type DateRoute = {
  /** As the permission table names it. */
  route: string;
  request: (date: string) => { url: string; payload?: object };
  /** Clients may call it too (a public or 'user' route). */
  forClients?: boolean;
  /** What a date before and after the route's range reads. */
  before: string;
  after: string;
  /** The date's field in the error (`date` unless told). */
  field?: string;
};

const slot = (date: string) => ({ branchId: fx.branchId, roomId: fx.roomId, date, hour: '10:00' });
const series = (date: string) => ({ ...slot(date), everyWeeks: 1, count: 2 });
const period = (date: string) => ({ cityId: fx.cityId, branchId: fx.branchId, date, wholeDay: true });
const cost = (date: string) => ({ name: 'Luz', total: 350, branchId: fx.branchId, date });

const dateRoutes: DateRoute[] = [
  {
    route: 'GET /api/availability/hours',
    request: (date) => ({ url: `/api/availability/hours?branchId=${fx.branchId}&date=${date}` }),
    forClients: true,
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  {
    route: 'GET /api/availability/rooms',
    request: (date) => ({ url: `/api/availability/rooms?branchId=${fx.branchId}&date=${date}&hour=10:00` }),
    forClients: true,
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  // The live streams: every date here is refused before a stream would open (an open one never ends).
  {
    route: 'GET /api/availability/stream',
    request: (date) => ({ url: `/api/availability/stream?branchId=${fx.branchId}&date=${date}` }),
    forClients: true,
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  {
    route: 'GET /api/availability/staff-stream',
    request: (date) => ({ url: `/api/availability/staff-stream?date=${date}` }),
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  {
    route: 'POST /api/sessions',
    request: (date) => ({ url: '/api/sessions', payload: slot(date) }),
    forClients: true,
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/staff/sessions',
    request: (date) => ({
      url: '/api/staff/sessions',
      payload: { ...slot(date), for: 'courtesy', courtesyName: 'Visita Cortesía' },
    }),
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/sessions/:id/reschedule',
    request: (date) => ({ url: `/api/sessions/${fx.sessionId}/reschedule`, payload: slot(date) }),
    forClients: true,
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/invoicing/globals',
    request: (date) => ({ url: '/api/invoicing/globals', payload: { periodStart: date } }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
    field: 'periodStart',
  },
  {
    route: 'GET /api/reports',
    request: (date) => ({ url: `/api/reports?from=${date}&to=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
    field: 'from',
  },
  {
    route: 'GET /api/cash-drawers',
    request: (date) => ({ url: `/api/cash-drawers?branchId=${fx.branchId}&date=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
  },
  {
    route: 'POST /api/waitlist',
    request: (date) => ({ url: '/api/waitlist', payload: { branchId: fx.branchId, date, hour: '10:00' } }),
    forClients: true,
    before: waitlistMessages.notFull,
    after: waitlistMessages.notFull,
  },
  {
    route: 'POST /api/sessions/series/preview',
    request: (date) => ({ url: '/api/sessions/series/preview', payload: series(date) }),
    forClients: true,
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/sessions/series',
    request: (date) => ({
      url: '/api/sessions/series',
      payload: { ...series(date), occurrences: [{ date, roomId: fx.roomId }] },
    }),
    forClients: true,
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/staff/sessions/series/preview',
    request: (date) => ({
      url: '/api/staff/sessions/series/preview',
      payload: { ...series(date), clientId: fx.clientId },
    }),
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'POST /api/staff/sessions/series',
    request: (date) => ({
      url: '/api/staff/sessions/series',
      payload: { ...series(date), clientId: fx.clientId, occurrences: [{ date, roomId: fx.roomId }] },
    }),
    before: bookingMessages.cannotBook,
    after: bookingMessages.cannotBook,
  },
  {
    route: 'GET /api/audit',
    request: (date) => ({ url: `/api/audit?from=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
    field: 'from',
  },
  // Issue 44: credits added by hand may carry a last day; a lot's last day may move later.
  {
    route: 'POST /api/users/:id/credits',
    request: (date) => ({
      url: `/api/users/${fx.clientId}/credits`,
      payload: { delta: 1, reason: 'Cortesía', expiresOn: date },
    }),
    before: creditLotMessages.expiryPast,
    after: creditLotMessages.expiryTooFar,
    field: 'expiresOn',
  },
  {
    route: 'POST /api/users/:id/credit-lots/:lotId/extend',
    request: (date) => ({
      url: `/api/users/${fx.clientId}/credit-lots/${fx.lotId}/extend`,
      payload: { expiresOn: date, reason: 'Viaje' },
    }),
    before: creditLotMessages.expiryPast,
    after: creditLotMessages.expiryTooFar,
    field: 'expiresOn',
  },
  {
    route: 'GET /api/staff/sessions',
    request: (date) => ({ url: `/api/staff/sessions?date=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
  },
  {
    route: 'GET /api/staff/sessions/grid',
    request: (date) => ({ url: `/api/staff/sessions/grid?branchId=${fx.branchId}&date=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
  },
  {
    route: 'POST /api/blocks/days',
    request: (date) => ({ url: '/api/blocks/days', payload: period(date) }),
    before: blockMessages.pastDay,
    after: blockMessages.tooFarAhead,
  },
  {
    route: 'POST /api/blocks/rooms',
    request: (date) => ({ url: '/api/blocks/rooms', payload: { ...period(date), roomId: fx.roomId } }),
    before: blockMessages.pastDay,
    after: blockMessages.tooFarAhead,
  },
  {
    route: 'POST /api/blocks/rooms/remove-day',
    request: (date) => ({ url: '/api/blocks/rooms/remove-day', payload: { roomId: fx.roomId, date } }),
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  {
    route: 'GET /api/blocks/affected-sessions',
    request: (date) => ({ url: `/api/blocks/affected-sessions?branchId=${fx.branchId}&date=${date}` }),
    before: dateRangeMessages.schedule,
    after: dateRangeMessages.schedule,
  },
  {
    route: 'GET /api/cash-summary',
    request: (date) => ({ url: `/api/cash-summary?date=${date}` }),
    before: dateRangeMessages.reports,
    after: dateRangeMessages.reports,
  },
  {
    route: 'POST /api/costs',
    request: (date) => ({ url: '/api/costs', payload: cost(date) }),
    before: costMessages.dateOutOfRange,
    after: costMessages.dateOutOfRange,
  },
  {
    route: 'PATCH /api/costs/:id',
    request: (date) => ({ url: `/api/costs/${fx.costId}`, payload: cost(date) }),
    before: costMessages.dateOutOfRange,
    after: costMessages.dateOutOfRange,
  },
];

/** The first and last days of the calendar, a 29 February that never was and one that was. */
const EXTREMES = ['0001-01-01', '9999-12-31', '2023-02-29', '2024-02-29'] as const;

/** Every row a date route can write. */
async function stored() {
  return {
    sessions: await t.db.select().from(roomSessions).orderBy(asc(roomSessions.id)),
    dayBlocks: await t.db.select().from(dayBlocks).orderBy(asc(dayBlocks.id)),
    roomBlocks: await t.db.select().from(roomBlocks).orderBy(asc(roomBlocks.id)),
    costs: await t.db.select().from(costs).orderBy(asc(costs.id)),
  };
}

async function send(route: DateRoute, date: string, cookie: string) {
  const [method] = route.route.split(' ') as ['GET' | 'POST' | 'PATCH'];
  const { url, payload } = route.request(date);
  return t.call(method, url, cookie, payload);
}

type JsonSchema = {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Whether a request schema holds a date anywhere: a `format: date` field (dateField) or a field named …date. */
function holdsDate(schema: JsonSchema | undefined, name = ''): boolean {
  if (!schema) return false;
  if (schema.format === 'date' || /date$/i.test(name)) return true;
  const parts = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (schema.items) parts.push(schema.items);
  return (
    parts.some((part) => holdsDate(part)) ||
    Object.entries(schema.properties ?? {}).some(([key, value]) => holdsDate(value, key))
  );
}

describe('dates at the ends of the calendar', () => {
  it('lists every route that reads a date (a new one must be added here)', () => {
    type Operation = {
      parameters?: { name: string; schema?: JsonSchema }[];
      requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
    };
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const found: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const inParameters = (operation.parameters ?? []).some((p) => holdsDate(p.schema, p.name));
        const inBody = Object.values(operation.requestBody?.content ?? {}).some((c) => holdsDate(c.schema));
        if (inParameters || inBody)
          found.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      }
    }
    expect(found.sort()).toEqual(dateRoutes.map((r) => r.route).sort());
    for (const route of found) expect(t.app.routeAccess.has(route), route).toBe(true);
  });

  for (const route of dateRoutes) {
    for (const date of EXTREMES) {
      it(`${route.route} with ${date}: 2xx or 4xx, and a refused write stores nothing`, async () => {
        const callers = route.forClients ? [boss.cookie, client.cookie] : [boss.cookie];
        for (const cookie of callers) {
          const before = await stored();
          const res = await send(route, date, cookie);
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json().error.message).toMatch(/[a-záéíóúñ]/i);
            // Spanish, not zod's or an old helper's English (a Feb 29 of a non-leap year included).
            expect(res.json().error.message).not.toMatch(/^(Invalid|Expected|Required)/);
            expect(await stored()).toEqual(before);
          }
        }
      });
    }

    it(`${route.route} refuses a date outside its range with 400 in Spanish`, async () => {
      for (const [date, message] of [
        ['0001-01-01', route.before],
        ['9999-12-31', route.after],
      ] as const) {
        const before = await stored();
        const res = await send(route, date, boss.cookie);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'invalid-argument',
          message,
          fields: { [route.field ?? 'date']: message },
        });
        expect(await stored()).toEqual(before);
      }
    });
  }

  it('refuses a cost dated 2500-01-05 and a day block on 9999-12-31, in Spanish', async () => {
    const before = await stored();
    const expense = await send(
      dateRoutes.find((r) => r.route === 'POST /api/costs')!,
      '2500-01-05',
      boss.cookie,
    );
    expect(expense.statusCode).toBe(400);
    expect(expense.json().error).toMatchObject({
      code: 'invalid-argument',
      message: 'La fecha del gasto no puede ser de hace más de cinco años ni de más de un mes adelante.',
    });
    const block = await send(
      dateRoutes.find((r) => r.route === 'POST /api/blocks/days')!,
      '9999-12-31',
      boss.cookie,
    );
    expect(block.statusCode).toBe(400);
    expect(block.json().error).toMatchObject({
      code: 'invalid-argument',
      message: 'Solo se puede bloquear hasta un año adelante.',
    });
    expect(await stored()).toEqual(before);
  });
});
