import { hoursOn } from '@sala/shared/bookings/availability';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { formatHour, type WeeklySchedule } from '@sala/shared/locations/schedule';
import { formatFolio } from '@sala/shared/orders/folio';
import { checkPosPayment, type PosPayment, paymentMethodOf } from '@sala/shared/pos/pos.rules';
import { privacyDueDate } from '@sala/shared/privacy/privacy.rules';
import { stpClabe } from '@sala/shared/store/clabe';
import { lineCredits } from '@sala/shared/store/store.rules';
import { addDays, businessDate, businessInstant, weekdayOf } from '@sala/shared/time/business-time';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { insertAll } from '../bulk-insert';
import type { Tx } from '../client';
import { newId } from '../ids';
import { auditLog } from '../schema/audit';
import { dayBlocks, roomBlocks } from '../schema/blocks';
import { costs, orderItems, orders, products } from '../schema/commerce';
import { type CreditReason, creditLedger } from '../schema/ledger';
import { branches, cities, rooms } from '../schema/locations';
import { type CheckoutItem, checkouts } from '../schema/payments';
import { consents, privacyRequests } from '../schema/privacy';
import { roomSessions, waitlistEntries } from '../schema/sessions';
import { users } from '../schema/users';
import { seedDemoDrawers } from './drawers';

/**
 * The lived-in demo (issue 27, item 7): eight weeks of a business already running, on top of the demo business
 * seed.ts writes — clients, their bookings (past ones and the coming week's), purchases online and at the
 * counter, cancellations with their refunds, expenses — so every admin page opens on something to look at.
 * Everything is built in memory from a seeded generator and `now` (never the machine's clock), then written in a
 * few multi-row inserts: the same `now` and seed give the same rows (only the ids differ).
 */

export type HistoryReport = {
  /** Clients created: the active ones and those still waiting for activation. */
  clients: number;
  sessions: number;
  cancelled: number;
  orders: number;
  costs: number;
  /** Cash drawers written (issue 39): with a fresh history, or for a demo seeded before they existed. */
  drawers: number;
  ms: number;
};

/** Any constant: the default history. */
export const DEFAULT_HISTORY_SEED = 27_007;

/** The demo clients' made-up addresses: a domain of their own, easy to tell from real accounts. */
// A domain reserved for examples (RFC 2606): no message to a made-up client can reach a real inbox.
export const HISTORY_EMAIL_DOMAIN = 'clientes.example.com';

const HISTORY_DAYS = 56;
/** Today and the next 7 days: the booking window. */
const UPCOMING_DAYS = 7;
const ACTIVE_CLIENTS = 40;
/** How far back the first clients registered (before the first session shown). */
const SIGNUP_DAYS = 70;
/** Per room-hour, times its demand: about 8% of all sessions end up cancelled. */
const CANCEL_RATE = 0.087;
const COURTESY_RATE = 0.012;
/** Bookings made by the super admin for a client (the rest by the client itself). */
const STAFF_BOOKING_RATE = 0.1;
/** The demo account cliente@example.com keeps at least this much, so a test can still book with it. */
const DEMO_CLIENT_MIN_BALANCE = 5;

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Rng = () => number;

/** mulberry32: a tiny seeded generator, good enough for demo data. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

function pickWeighted<T>(rng: Rng, list: readonly T[], weight: (item: T) => number): T | undefined {
  const weights = list.map(weight);
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return undefined;
  let r = rng() * total;
  for (let i = 0; i < list.length; i++) {
    r -= weights[i]!;
    if (r < 0 && weights[i]! > 0) return list[i];
  }
  return list[weights.findLastIndex((w) => w > 0)];
}

const FEMALE_NAMES = [
  'Ana',
  'María',
  'Fernanda',
  'Daniela',
  'Mariana',
  'Gabriela',
  'Alejandra',
  'Paola',
  'Andrea',
  'Lucía',
  'Karla',
  'Claudia',
  'Verónica',
  'Adriana',
  'Patricia',
  'Ximena',
  'Regina',
  'Montserrat',
  'Leticia',
  'Rocío',
  'Natalia',
  'Itzel',
  'Brenda',
  'Diana',
];
const MALE_NAMES = [
  'José',
  'Luis',
  'Carlos',
  'Miguel',
  'Alejandro',
  'Juan Pablo',
  'Ricardo',
  'Eduardo',
  'Fernando',
  'Arturo',
  'Héctor',
  'Raúl',
  'Sergio',
  'Emiliano',
  'Santiago',
  'Diego',
  'Rodrigo',
  'Óscar',
  'Iván',
  'Mauricio',
];
const SURNAMES = [
  'López',
  'García',
  'Martínez',
  'Hernández',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
  'Cruz',
  'Flores',
  'Gómez',
  'Morales',
  'Vázquez',
  'Reyes',
  'Jiménez',
  'Torres',
  'Díaz',
  'Gutiérrez',
  'Ruiz',
  'Mendoza',
  'Aguilar',
  'Ortiz',
  'Moreno',
  'Castillo',
  'Romero',
  'Álvarez',
  'Méndez',
  'Chávez',
  'Rivera',
  'Juárez',
  'Ramos',
  'Domínguez',
  'Herrera',
  'Medina',
  'Castro',
  'Vargas',
  'Guzmán',
  'Velázquez',
  'Rojas',
  'Contreras',
  'Salazar',
  'Luna',
  'Ortega',
  'Cervantes',
  'Estrada',
  'Navarro',
  'Delgado',
  'Fuentes',
  'Orozco',
];

/** 'Juan Pablo Núñez' → 'juanpablonunez': what an address can hold of a name. */
const emailPart = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();

/** Mobile numbers start with the area code of the client's city. */
function areaCode(cityName: string): string {
  const name = emailPart(cityName);
  if (name.includes('guadalajara')) return '33';
  if (name.includes('monterrey')) return '81';
  return '55';
}

type Branch = {
  id: string;
  cityId: string;
  cityName: string;
  name: string;
  sessionCost: number;
  schedule: WeeklySchedule;
  rooms: { id: string; name: string; position: number }[];
};

type Product = typeof products.$inferSelect;
type Staff = { id: string; name: string };

type Client = {
  id: string;
  name: string;
  email: string;
  phone: string;
  createdAt: number;
  activatedAt: number;
  /** How much this client books, relative to the others. */
  weight: number;
  home: Branch;
  balance: number;
  /** The client's last credit movement: the next one comes after it, so its ledger reads in order. */
  last: number;
};

type Plan = {
  id: string;
  branch: Branch;
  room: Branch['rooms'][number];
  date: string;
  hour: string;
  startsAt: number;
  /** Null for a courtesy session. */
  client: Client | null;
  courtesyName: string | null;
  byStaff: boolean;
  createdAt: number;
  cancelledAt: number | null;
  cancelledByStaff: boolean;
};

type Line = { product: Product; quantity: number };

type OrderPlan = {
  id: string;
  client: Client;
  createdAt: number;
  /** Null for an online order. */
  branch: Branch | null;
  cashier: Staff | null;
  lines: Line[];
  payment: PosPayment & { changeCents: number };
  paymentRef: string | null;
  cancelledAt: number | null;
  refundRef: string | null;
};

type LedgerRow = {
  id: string;
  userId: string;
  delta: number;
  balanceAfter: number;
  reason: CreditReason;
  referenceId: string;
  actorId: string | null;
  note: string;
  createdAt: Date;
};
type AuditRow = typeof auditLog.$inferInsert;
type CostRow = typeof costs.$inferInsert;

/** Opening hours of a date as [first hour, closing hour), or null when closed. */
type Hours = (date: string) => readonly [number, number] | null;

/** People book and buy online during the day: every such instant of the seed falls within these hours. */
const ONLINE_HOURS: Hours = () => [8, 21];

/** A branch's hours on a date, from its first session to the end of its last; Sundays closed. */
function branchHours(branch: Branch): Hours {
  return (date) => {
    const hours = hoursOn(branch.schedule, date);
    if (hours.length === 0) return null;
    return [Number(hours[0]!.slice(0, 2)), Number(hours.at(-1)!.slice(0, 2)) + 1];
  };
}

/** Business dates as instants: precomputed midnights say which date an instant falls on without asking Intl. */
function makeCalendar(first: string, last: string) {
  const dates: string[] = [];
  const midnights: number[] = [];
  for (let date = first; date <= addDays(last, 1); date = addDays(date, 1)) {
    dates.push(date);
    midnights.push(businessInstant(date, '00:00').getTime());
  }
  const at = (date: string, hour: number): number =>
    hour >= 24 ? at(addDays(date, 1), hour - 24) : businessInstant(date, formatHour(hour)).getTime();
  const dateOf = (instant: number): string => {
    if (instant < midnights[0]! || instant >= midnights.at(-1)!) return businessDate(new Date(instant));
    let lo = 0;
    let hi = midnights.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (midnights[mid]! <= instant) lo = mid;
      else hi = mid;
    }
    return dates[lo]!;
  };
  return { at, dateOf };
}

/** What every step reads: the generator, the clock, the business, and the audit rows they add to. */
type World = {
  rng: Rng;
  cal: ReturnType<typeof makeCalendar>;
  now: number;
  today: string;
  firstDay: string;
  business: Branch[];
  catalog: Product[];
  superadmin: Staff;
  admin: Staff;
  audit: AuditRow[];
};

/**
 * A random whole second in [lo, hi) within opening hours, or null when there is none. Later days are likelier
 * (each day back weighs `decay` times the next), and so are longer stretches of a day.
 */
function pickTime(w: World, lo: number, hi: number, hours: Hours, decay: number): number | null {
  const from = Math.ceil(lo / SECOND) * SECOND;
  if (hi - from < MINUTE) return null;
  const windows: { start: number; end: number; weight: number }[] = [];
  let factor = 1;
  let date = w.cal.dateOf(hi - 1);
  for (let n = 0; n < 40; n++) {
    const open = hours(date);
    if (open) {
      const start = Math.max(from, w.cal.at(date, open[0]));
      const end = Math.min(hi, w.cal.at(date, open[1]));
      if (end - start >= MINUTE) windows.push({ start, end, weight: (end - start) * factor });
    }
    if (w.cal.at(date, 0) <= from) break;
    factor *= decay;
    date = addDays(date, -1);
  }
  const window = pickWeighted(w.rng, windows, (x) => x.weight);
  if (!window) return null;
  return window.start + Math.floor(w.rng() * ((window.end - window.start) / SECOND)) * SECOND;
}

/** A random instant while a branch is open on a date (null when closed). */
function duringOpening(w: World, branch: Branch, date: string): number | null {
  const open = branchHours(branch)(date);
  if (!open) return null;
  return w.cal.at(date, open[0]) + Math.floor(w.rng() * (open[1] - open[0]) * 3_600) * SECOND;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The demo business as seed.ts left it, sorted in code (not by the database's collation) so that every engine
 * reads it in the same order.
 */
async function readBusiness(tx: Tx) {
  const branchRows = await tx
    .select({
      id: branches.id,
      cityId: branches.cityId,
      cityName: cities.name,
      name: branches.name,
      sessionCost: branches.sessionCost,
      schedule: branches.schedule,
    })
    .from(branches)
    .innerJoin(cities, eq(cities.id, branches.cityId));
  const roomRows = await tx
    .select({ id: rooms.id, name: rooms.name, branchId: rooms.branchId, position: rooms.position })
    .from(rooms)
    .where(eq(rooms.isActive, true));
  const business: Branch[] = branchRows
    .map((b) => ({
      ...b,
      rooms: roomRows.filter((r) => r.branchId === b.id).sort((x, y) => x.position - y.position),
    }))
    .filter((b) => b.rooms.length > 0)
    .sort((a, b) => byText(a.cityName, b.cityName) || byText(a.name, b.name));
  const catalog = (await tx.select().from(products)).sort((a, b) => byText(a.name, b.name));

  const accounts = await tx
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      credits: users.credits,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(
      inArray(sql`lower(${users.email})`, [
        'superadmin@example.com',
        'admin@example.com',
        'cliente@example.com',
      ]),
    );
  const account = (email: string) => accounts.find((a) => a.email.toLowerCase() === email);
  const superadmin = account('superadmin@example.com');
  const admin = account('admin@example.com') ?? superadmin;
  const demo = account('cliente@example.com');
  if (business.length === 0 || !superadmin || !admin || !demo) {
    throw new Error(
      'seedDemoHistory needs the demo business and its three accounts (run seedDemoData first)',
    );
  }

  // Blocks made before the history (none on a fresh demo) are respected.
  const dayBlockRows = await tx
    .select({ branchId: dayBlocks.branchId, date: dayBlocks.date, hour: dayBlocks.hour })
    .from(dayBlocks);
  const roomBlockRows = await tx
    .select({ roomId: roomBlocks.roomId, startsAt: roomBlocks.startsAt })
    .from(roomBlocks);
  return {
    business,
    catalog,
    superadmin: { id: superadmin.id, name: superadmin.name },
    admin: { id: admin.id, name: admin.name },
    demo,
    blockedDays: new Set(dayBlockRows.map((b) => `${b.branchId}|${b.date}|${b.hour ?? '*'}`)),
    blockedRooms: new Set(roomBlockRows.map((b) => `${b.roomId}|${b.startsAt.getTime()}`)),
  };
}

type Blocks = Pick<Awaited<ReturnType<typeof readBusiness>>, 'blockedDays' | 'blockedRooms'>;

// ── People ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Unique Mexican names, with an address of the demo domain and a mobile number of the client's city. */
function makeNamer(w: World) {
  const emails = new Set<string>();
  const phones = new Set<string>();
  const names = new Set<string>();

  function person() {
    for (;;) {
      const first = w.rng() < 0.6 ? pick(w.rng, FEMALE_NAMES) : pick(w.rng, MALE_NAMES);
      const last1 = pick(w.rng, SURNAMES);
      const last2 = pick(w.rng, SURNAMES);
      if (last1 === last2 || names.has(`${first} ${last1}`)) continue;
      names.add(`${first} ${last1}`);
      return { first, last1, last2 };
    }
  }

  function identity(home: Branch) {
    const { first, last1, last2 } = person();
    const local = `${emailPart(first)}.${emailPart(last1)}`;
    let email = `${local}@${HISTORY_EMAIL_DOMAIN}`;
    for (let n = 2; emails.has(email); n++) email = `${local}${n}@${HISTORY_EMAIL_DOMAIN}`;
    emails.add(email);
    let phone = '';
    do phone = areaCode(home.cityName) + String(between(w.rng, 10_000_000, 99_999_999));
    while (phones.has(phone));
    phones.add(phone);
    return { id: newId(), name: `${first} ${last1} ${last2}`, email, phone };
  }

  return { person, identity };
}

type Namer = ReturnType<typeof makeNamer>;

/**
 * The active clients, registered over the past ten weeks (most before the first session shown) and activated by
 * the super admin within a day or two; and 3–4 registered in the last two days, still waiting for activation.
 */
function makeClients(w: World, namer: Namer) {
  const capacity = (b: Branch) => b.rooms.length;
  const clients: Client[] = [];
  for (let i = 0; i < ACTIVE_CLIENTS; i++) {
    const daysAgo =
      w.rng() < 0.7 ? between(w.rng, HISTORY_DAYS + 1, SIGNUP_DAYS) : between(w.rng, 6, HISTORY_DAYS);
    const createdAt = w.cal.at(addDays(w.today, -daysAgo), 8) + between(w.rng, 0, 13 * 60 - 1) * MINUTE;
    const home = pickWeighted(w.rng, w.business, capacity)!;
    const activatedAt =
      pickTime(w, createdAt + 15 * MINUTE, createdAt + 2 * DAY, branchHours(home), 0.5) ??
      createdAt + 30 * MINUTE;
    const client: Client = {
      ...namer.identity(home),
      createdAt,
      activatedAt,
      weight: pick(w.rng, [0.5, 0.8, 1, 1, 1.2, 1.5, 1.8]),
      home,
      balance: 0,
      last: activatedAt,
    };
    clients.push(client);
    w.audit.push({
      id: newId(),
      at: new Date(activatedAt),
      actorId: w.superadmin.id,
      actorName: w.superadmin.name,
      action: 'user.status',
      entity: 'user',
      entityId: client.id,
      label: client.name,
      before: { isActive: false },
      after: { isActive: true },
    });
  }

  const waiting: (ReturnType<Namer['identity']> & { createdAt: number })[] = [];
  const count = 3 + (w.rng() < 0.5 ? 1 : 0);
  for (let i = 0; i < count; i++) {
    const createdAt =
      pickTime(w, w.now - 2 * DAY + HOUR, w.now - 15 * MINUTE, ONLINE_HOURS, 1) ?? w.now - (i + 1) * HOUR;
    waiting.push({ ...namer.identity(pickWeighted(w.rng, w.business, capacity)!), createdAt });
  }
  return { clients, waiting };
}

// ── Sessions ───────────────────────────────────────────────────────────────────────────────────────────────

/** How busy an hour usually is: weekday mornings and late afternoons; 8:00, midday, 20:00 and Saturdays less. */
function demand(weekday: number, hour: number): number {
  if (weekday === 6) return 0.3;
  if (hour >= 9 && hour <= 12) return 0.7;
  if (hour >= 16 && hour <= 19) return 0.72;
  if (hour <= 8 || hour >= 20) return 0.3;
  return 0.38;
}

/** The coming days fill up as they get closer. */
const upcomingFill = (daysAhead: number) => (daysAhead === 0 ? 0.95 : Math.max(0.3, 0.88 - 0.08 * daysAhead));

/**
 * Every room-hour of the past eight weeks and the coming week, booked or not by its demand. A slot may also hold
 * a cancelled session (the room freed, and sometimes booked again later). Never two active sessions in one room
 * at one hour, nor one client in two rooms at once; each booking made before its start (and before now).
 */
function planSessions(w: World, clients: Client[], namer: Namer, blocks: Blocks): Plan[] {
  const { rng, cal, now } = w;
  const plans: Plan[] = [];
  const holding = new Set<string>();

  /** A client of the branch's city: mostly the branch's regulars, active an hour before `hi`. */
  const chooseClient = (branch: Branch, startsAt: number, hi: number) =>
    pickWeighted(rng, clients, (c) => {
      if (c.activatedAt > hi - HOUR || holding.has(`${c.id}|${startsAt}`)) return 0;
      if (c.home === branch) return c.weight;
      return c.home.cityId === branch.cityId ? c.weight * 0.12 : 0;
    });

  /** When a booking was made, before `until`: days ahead for most, the same day for some. */
  const bookedAt = (
    client: Client | null,
    branch: Branch,
    until: number,
    notBefore: number,
    byStaff: boolean,
  ) => {
    const lead = pick(rng, [2, 2, 4, 6, 6, 9, 14]) * DAY;
    const lo = Math.max(notBefore, client ? client.activatedAt + MINUTE : 0, Math.min(until, now) - lead);
    const hi = Math.min(until - 20 * MINUTE, now - MINUTE);
    return pickTime(w, lo, hi, byStaff ? branchHours(branch) : ONLINE_HOURS, 0.8);
  };

  const lastDay = addDays(w.today, UPCOMING_DAYS);
  for (let date = w.firstDay; date <= lastDay; date = addDays(date, 1)) {
    const weekday = weekdayOf(date);
    const offset = Math.round((cal.at(date, 0) - cal.at(w.today, 0)) / DAY);
    // A business that grew a little over the two months.
    const trend = 1 + (0.12 * Math.min(0, offset)) / HISTORY_DAYS;
    for (const branch of w.business) {
      if (blocks.blockedDays.has(`${branch.id}|${date}|*`)) continue;
      const mood = 0.85 + rng() * 0.3;
      for (const hour of hoursOn(branch.schedule, date)) {
        if (blocks.blockedDays.has(`${branch.id}|${date}|${hour}`)) continue;
        const startsAt = cal.at(date, Number(hour.slice(0, 2)));
        const fill = startsAt > now ? upcomingFill(Math.max(0, offset)) : trend;
        const p = Math.min(0.95, demand(weekday, Number(hour.slice(0, 2))) * mood * fill);
        for (const room of branch.rooms) {
          const occupied = rng() < p;
          const cancelled = rng() < CANCEL_RATE * p;
          if (blocks.blockedRooms.has(`${room.id}|${startsAt}`)) continue;
          const slot = { branch, room, date, hour, startsAt };
          let freedAt = 0;

          if (cancelled) {
            // A client cancels only more than 24 hours ahead; the super admin any time before the start.
            const byClient = rng() < 0.75;
            const byStaff = rng() < STAFF_BOOKING_RATE;
            const client = chooseClient(branch, startsAt, Math.min(startsAt, now));
            const until = byClient ? startsAt - 26 * HOUR : startsAt - 3 * HOUR;
            const createdAt = client ? bookedAt(client, branch, until, 0, byStaff) : null;
            const latest = Math.min(
              byClient ? startsAt - DAY - 5 * MINUTE : startsAt - 30 * MINUTE,
              now - MINUTE,
            );
            const cancelledAt =
              createdAt === null
                ? null
                : pickTime(
                    w,
                    createdAt + 10 * MINUTE,
                    latest,
                    byClient ? ONLINE_HOURS : branchHours(branch),
                    0.7,
                  );
            if (client && createdAt !== null && cancelledAt !== null) {
              plans.push({
                id: newId(),
                ...slot,
                client,
                courtesyName: null,
                byStaff,
                createdAt,
                cancelledAt,
                cancelledByStaff: !byClient,
              });
              freedAt = cancelledAt + 5 * MINUTE;
            }
          }

          if (!occupied) continue;
          if (rng() < COURTESY_RATE) {
            // A prospect trying a room, booked by the super admin at no cost.
            const createdAt = bookedAt(null, branch, startsAt, freedAt, true);
            const guest = namer.person();
            const title = pick(rng, ['Dra.', 'Dr.', 'Psic.', 'Lic.']);
            if (createdAt !== null)
              plans.push({
                id: newId(),
                ...slot,
                client: null,
                courtesyName: `${COURTESY_PREFIX}${title} ${guest.first} ${guest.last1}`,
                byStaff: true,
                createdAt,
                cancelledAt: null,
                cancelledByStaff: false,
              });
            continue;
          }
          const byStaff = rng() < STAFF_BOOKING_RATE;
          for (let attempt = 0; attempt < 3; attempt++) {
            const client = chooseClient(branch, startsAt, Math.min(startsAt, now));
            if (!client) break;
            const createdAt = bookedAt(client, branch, startsAt, freedAt, byStaff);
            if (createdAt === null) continue;
            plans.push({
              id: newId(),
              ...slot,
              client,
              courtesyName: null,
              byStaff,
              createdAt,
              cancelledAt: null,
              cancelledByStaff: false,
            });
            holding.add(`${client.id}|${startsAt}`);
            break;
          }
        }
      }
    }
  }
  return plans;
}

/**
 * The demo client's sessions, taken over from others it could have booked: about one a week at its branch, one
 * it cancelled, and two coming up. Never two at one time.
 */
function giveDemoSessions(w: World, plans: Plan[], demo: Client) {
  const mine = (p: Plan) =>
    p.branch === demo.home && p.client !== null && !p.byStaff && p.createdAt > demo.last;
  const held = new Set<number>();
  const give = (candidates: Plan[]) => {
    const free = candidates.filter((p) => mine(p) && !held.has(p.startsAt));
    if (free.length === 0) return;
    const plan = pick(w.rng, free);
    plan.client = demo;
    held.add(plan.startsAt);
  };
  const activeBetween = (from: number, to: number) =>
    plans.filter((p) => p.cancelledAt === null && p.startsAt > from && p.startsAt <= to);
  for (let week = HISTORY_DAYS / 7; week >= 1; week--) {
    const from = w.cal.at(addDays(w.today, -7 * week), 0);
    give(activeBetween(from, Math.min(from + 7 * DAY, w.now)));
  }
  give(plans.filter((p) => p.cancelledAt !== null && !p.cancelledByStaff && p.startsAt < w.now - 7 * DAY));
  give(activeBetween(w.now + 26 * HOUR, w.now + 3 * DAY));
  give(activeBetween(w.now + 3 * DAY, w.now + (UPCOMING_DAYS + 1) * DAY));
}

/**
 * The waitlist (issue 21): a few clients of the city wait for some of the coming full hours (every room of the
 * branch booked), about half of them with automatic booking, so the staff's day grid shows its lines.
 */
function waitlistRows(w: World, plans: Plan[], clients: Client[]): (typeof waitlistEntries.$inferInsert)[] {
  const booked = new Map<string, Plan[]>();
  for (const plan of plans) {
    if (plan.cancelledAt !== null || plan.startsAt < w.now + 3 * HOUR) continue;
    const key = `${plan.branch.id}|${plan.startsAt}`;
    booked.set(key, [...(booked.get(key) ?? []), plan]);
  }
  const holding = new Set(
    plans.filter((p) => p.cancelledAt === null && p.client).map((p) => `${p.client!.id}|${p.startsAt}`),
  );
  const full = [...booked.values()]
    .filter((slot) => slot.length === slot[0]!.branch.rooms.length)
    .sort((a, b) => a[0]!.startsAt - b[0]!.startsAt || byText(a[0]!.branch.id, b[0]!.branch.id));
  const rows: (typeof waitlistEntries.$inferInsert)[] = [];
  for (const slot of full.slice(0, 6)) {
    const { branch, startsAt } = slot[0]!;
    const line = clients.filter(
      (c) =>
        c.home.cityId === branch.cityId && c.activatedAt < w.now - DAY && !holding.has(`${c.id}|${startsAt}`),
    );
    for (let n = between(w.rng, 1, 3); n > 0 && line.length > 0; n--) {
      const client = line.splice(Math.floor(w.rng() * line.length), 1)[0]!;
      rows.push({
        id: newId(),
        userId: client.id,
        branchId: branch.id,
        startsAt: new Date(startsAt),
        autoBook: w.rng() < 0.5,
        minNoticeHours: pick(w.rng, [6, 12, 12, 24]),
        createdAt: new Date(w.now - between(w.rng, 1, 40) * HOUR),
      });
    }
  }
  return rows;
}

// ── Sales ──────────────────────────────────────────────────────────────────────────────────────────────────

const creditsOf = (p: Product) => p.credits + p.extra;
const totalOf = (lines: Line[]) =>
  lines.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
/** (credits + extra) × quantity per line, as the store and the point of sale grant them. */
const creditsGranted = (lines: Line[]) =>
  lines.reduce((sum, line) => sum + lineCredits({ ...line.product, quantity: line.quantity }), 0);

/** Orders as the store and the point of sale make them, and the products each sells. */
function makeShop(w: World) {
  const { rng } = w;
  const sold = w.catalog.filter((p) => p.isActive);
  const shop = {
    orders: [] as OrderPlan[],
    /** Credit packages of the online store, fewest credits first. */
    packages: sold
      .filter((p) => p.isDigital && !p.isService && creditsOf(p) > 0)
      .sort((a, b) => creditsOf(a) - creditsOf(b) || byText(a.name, b.name)),
    services: sold.filter((p) => p.isDigital && p.isService),
    counterCredits: sold.filter((p) => !p.isDigital && creditsOf(p) > 0),
    counterExtras: sold.filter((p) => !p.isDigital && creditsOf(p) === 0),
    online,
    counter,
  };
  let payments = 0;

  /** Paid by card through the store's gateway (its reference unique, as a real payment's). */
  function online(client: Client, createdAt: number, lines: Line[]): OrderPlan {
    const total = totalOf(lines);
    const order: OrderPlan = {
      id: newId(),
      client,
      createdAt,
      branch: null,
      cashier: null,
      lines,
      payment: { cashCents: 0, cardCents: total, transferCents: 0, changeCents: 0 },
      paymentRef: `pi_demo_${++payments}`,
      cancelledAt: null,
      refundRef: null,
    };
    shop.orders.push(order);
    return order;
  }

  /** Charged by the admin or the super admin at a branch's counter. */
  function counter(client: Client, branch: Branch, createdAt: number, lines: Line[]): OrderPlan {
    const order: OrderPlan = {
      id: newId(),
      client,
      createdAt,
      branch,
      cashier: rng() < 0.65 ? w.admin : w.superadmin,
      lines,
      payment: counterPayment(totalOf(lines), creditsGranted(lines) > 0 ? 0.45 : 0.7),
      paymentRef: null,
      cancelledAt: null,
      refundRef: null,
    };
    shop.orders.push(order);
    return order;
  }

  /** Cash (often a round bill, with change), card, transfer, or now and then cash and card together. */
  function counterPayment(total: number, cashShare: number): OrderPlan['payment'] {
    const r = rng();
    let payment: PosPayment;
    if (r < cashShare) {
      const bill = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000].find((b) => b >= total);
      const rounded =
        Math.ceil(total / (total > 100_000 ? 50_000 : 10_000)) * (total > 100_000 ? 50_000 : 10_000);
      const cashCents = rng() < 0.3 ? total : pick(rng, [bill ?? rounded, rounded]);
      payment = { cashCents, cardCents: 0, transferCents: 0 };
    } else if (r < cashShare + (1 - cashShare) * 0.55) {
      payment = { cashCents: 0, cardCents: total, transferCents: 0 };
    } else if (r < 0.96 || total < 20_000) {
      payment = { cashCents: 0, cardCents: 0, transferCents: total };
    } else {
      const cash = Math.floor(total / 2 / 10_000) * 10_000;
      payment = { cashCents: cash, cardCents: total - cash, transferCents: 0 };
    }
    // The point of sale's own rules decide the change (and would refuse a payment the form refuses).
    const check = checkPosPayment(total, payment);
    if (!check.ok) throw new Error(`demo payment refused: ${check.message}`);
    return { ...payment, changeCents: check.changeCents };
  }

  return shop;
}

type Shop = ReturnType<typeof makeShop>;

type Event =
  | { kind: 'booking'; at: number; plan: Plan }
  | { kind: 'refund'; at: number; plan: Plan }
  | { kind: 'order-cancel'; at: number; order: OrderPlan };

/**
 * Each client's credits in the order things happened: bookings charge the branch's cost, cancellations refund
 * it, and a booking the balance cannot cover is preceded by a purchase (online, or at the client's branch). Two
 * sales are cancelled by the super admin a little later, taking back what is left of their credits. Every
 * balance stays at or above zero, and each ledger row carries the balance it left. Answers the ledger and the
 * sessions left out (none unless the catalog sells no credits).
 */
function settleCredits(w: World, shop: Shop, plans: Plan[], demo: Client, clients: Client[]) {
  const { rng, now, superadmin } = w;
  const ledger: LedgerRow[] = [];
  const skipped = new Set<Plan>();
  const cancelledSales = { online: 0, counter: 0 };
  const bundles = shop.packages.filter((p) => creditsOf(p) > 1);

  const move = (client: Client, row: Omit<LedgerRow, 'id' | 'userId' | 'balanceAfter'>) => {
    client.balance += row.delta;
    ledger.push({ ...row, id: newId(), userId: client.id, balanceAfter: client.balance });
    client.last = row.createdAt.getTime();
  };

  /** A purchase between the client's last movement and `before` that grants at least `needed` credits. */
  function buy(client: Client, needed: number, before: number, queue: Event[] | null): boolean {
    const lo = client.last + SECOND;
    const atCounter =
      shop.counterCredits.length > 0 && (shop.packages.length === 0 || rng() < 0.3)
        ? pickTime(w, lo, before, branchHours(client.home), 0.5)
        : null;
    let order: OrderPlan;
    if (atCounter !== null) {
      const product = shop.counterCredits[0]!;
      const quantity = Math.ceil(needed / creditsOf(product)) + between(rng, 0, 4);
      order = shop.counter(client, client.home, atCounter, [{ product, quantity }]);
    } else {
      if (shop.packages.length === 0) return false;
      const at =
        pickTime(w, lo, before, ONLINE_HOURS, 0.5) ?? Math.floor((lo + before) / 2 / SECOND) * SECOND;
      // Heavy users buy the big packages, light ones the small packages or a few single sessions.
      const tier = client.weight >= 1.5 ? 1 : client.weight >= 1 ? 0.5 : 0;
      const list = bundles.length > 0 && rng() < 0.85 ? bundles : shop.packages;
      const index = rng() < 0.7 ? Math.round(tier * (list.length - 1)) : between(rng, 0, list.length - 1);
      const product = list[index]!;
      const quantity = Math.ceil(needed / creditsOf(product)) + (creditsOf(product) === 1 ? 2 : 0);
      const lines = [{ product, quantity }];
      if (shop.services.length > 0 && rng() < 0.06)
        lines.push({ product: pick(rng, shop.services), quantity: 1 });
      order = shop.online(client, at, lines);
    }
    const isPos = order.branch !== null;
    move(client, {
      delta: creditsGranted(order.lines),
      reason: isPos ? 'pos' : 'purchase',
      referenceId: order.id,
      actorId: order.cashier?.id ?? null,
      note: isPos ? 'Venta en punto de venta' : 'Compra en línea',
      createdAt: new Date(order.createdAt),
    });
    // One sale of each kind is undone by the super admin (charged twice, the wrong package), after the booking.
    const kind = isPos ? 'counter' : 'online';
    if (queue && order.createdAt < now - 3 * DAY && cancelledSales[kind] === 0 && rng() < 0.05) {
      const at = pickTime(w, before + 10 * MINUTE, Math.min(before + DAY, now - HOUR), ONLINE_HOURS, 1);
      if (at !== null) {
        cancelledSales[kind]++;
        order.cancelledAt = at;
        order.refundRef = isPos ? null : `re_demo_${cancelledSales.online}`;
        const index = queue.findIndex((e) => e.at > at);
        queue.splice(index === -1 ? queue.length : index, 0, { kind: 'order-cancel', at, order });
      }
    }
    return true;
  }

  const plansOf = new Map<Client, Plan[]>();
  for (const plan of plans)
    if (plan.client) plansOf.set(plan.client, [...(plansOf.get(plan.client) ?? []), plan]);

  for (const client of [demo, ...clients]) {
    const queue: Event[] = [];
    for (const plan of plansOf.get(client) ?? []) {
      queue.push({ kind: 'booking', at: plan.createdAt, plan });
      if (plan.cancelledAt !== null) queue.push({ kind: 'refund', at: plan.cancelledAt, plan });
    }
    queue.sort((a, b) => a.at - b.at);
    for (let i = 0; i < queue.length; i++) {
      const event = queue[i]!;
      // One movement per instant and client (a tie moves a second later): the ledger has one order.
      const at = Math.max(event.at, client.last + SECOND);
      if (event.kind === 'booking') {
        const { plan } = event;
        const cost = plan.branch.sessionCost;
        if (client.balance < cost && !buy(client, cost - client.balance, at, queue)) {
          skipped.add(plan);
          continue;
        }
        plan.createdAt = Math.max(at, client.last + SECOND);
        move(client, {
          delta: -cost,
          reason: 'booking',
          referenceId: plan.id,
          actorId: plan.byStaff ? superadmin.id : client.id,
          note: `Sesión ${plan.date} ${plan.hour}`,
          createdAt: new Date(plan.createdAt),
        });
      } else if (event.kind === 'refund') {
        const { plan } = event;
        if (skipped.has(plan)) continue;
        plan.cancelledAt = at;
        move(client, {
          delta: plan.branch.sessionCost,
          reason: 'booking_refund',
          referenceId: plan.id,
          actorId: plan.cancelledByStaff ? superadmin.id : client.id,
          note: 'Sesión cancelada',
          createdAt: new Date(at),
        });
      } else {
        // As orders.service takes credits back: what is left of them, never below 0.
        const { order } = event;
        order.cancelledAt = at;
        const granted = creditsGranted(order.lines);
        const taken = Math.min(granted, client.balance);
        const short = granted - taken;
        move(client, {
          delta: -taken,
          reason: 'order_cancel',
          referenceId: order.id,
          actorId: superadmin.id,
          note:
            short > 0 ? `Orden cancelada; ${short} ya usados, no se pudieron descontar` : 'Orden cancelada',
          createdAt: new Date(at),
        });
        w.audit.push({
          id: newId(),
          at: new Date(at),
          actorId: superadmin.id,
          actorName: superadmin.name,
          action: 'order.cancel',
          entity: 'order',
          entityId: order.id,
          // 'Orden A-00123 · …' once the database has given the order its folio (seedDemoHistory).
          label: client.name,
          // As the audit log keeps a change: only the fields that differ, each side with its value.
          before: { status: 'completed', creditsTakenBack: null, creditsNotTakenBack: null, refund: null },
          after: {
            status: 'cancelled',
            creditsTakenBack: taken,
            creditsNotTakenBack: short,
            refund: order.refundRef,
          },
        });
      }
    }
  }
  // The demo account ends with enough credits for a test to book with it.
  if (demo.balance < DEMO_CLIENT_MIN_BALANCE)
    buy(demo, DEMO_CLIENT_MIN_BALANCE - demo.balance, now - MINUTE, null);
  return { ledger, skipped };
}

/** Sales that grant no credits: monthly services online, and coffee, water and day passes at every counter. */
function planOtherSales(w: World, shop: Shop, clients: Client[]) {
  const { rng, cal } = w;
  for (const client of clients) {
    for (const service of shop.services) {
      if (rng() >= 0.12) continue;
      // Bought again about a month later, as long as the client keeps it.
      for (let date = addDays(cal.dateOf(client.activatedAt), between(rng, 1, 5)); date < w.today; ) {
        const day = cal.at(date, 0);
        const at = pickTime(w, Math.max(day, client.activatedAt + MINUTE), day + DAY, ONLINE_HOURS, 1);
        if (at !== null && date >= w.firstDay) shop.online(client, at, [{ product: service, quantity: 1 }]);
        date = addDays(date, 28 + between(rng, 0, 4));
      }
    }
  }
  if (shop.counterExtras.length === 0) return;
  for (let date = w.firstDay; date <= w.today; date = addDays(date, 1)) {
    for (const branch of w.business) {
      // At least two a day at every open branch, so every corte (yesterday's too) has sales.
      const count = branchHours(branch)(date) ? between(rng, 2, 5) : 0;
      for (let n = 0; n < count; n++) {
        const at = duringOpening(w, branch, date)!;
        const client = pickWeighted(rng, clients, (c) =>
          c.activatedAt < at && c.home.cityId === branch.cityId ? c.weight : 0,
        );
        if (at >= w.now || !client) continue;
        const first = pick(rng, shop.counterExtras);
        const lines = [{ product: first, quantity: between(rng, 1, 3) }];
        const second = pick(rng, shop.counterExtras);
        if (second !== first && rng() < 0.3) lines.push({ product: second, quantity: 1 });
        shop.counter(client, branch, at, lines);
      }
    }
  }
}

// ── Expenses ───────────────────────────────────────────────────────────────────────────────────────────────

const REPAIRS = [
  'Reparación del minisplit',
  'Cambio de chapa de una sala',
  'Pintura de la recepción',
  'Plomería del baño',
  'Cambio de focos LED',
  'Tapizado de un sillón',
  'Ajuste de persianas',
];

/**
 * A few expenses a week per branch (water, coffee, cleaning, repairs), the rent and the internet each month and
 * the electricity every other one, recorded by the super admin on the day, while the branch is open. The last
 * day the business opened (yesterday, or Saturday after a Sunday) always has one: its corte shows expenses.
 */
function planCosts(w: World): CostRow[] {
  const { rng, superadmin } = w;
  const rows: CostRow[] = [];
  const pesos = (min: number, max: number, step = 10) =>
    between(rng, Math.ceil(min / step), Math.floor(max / step)) * step * 100;

  const add = (
    branch: Branch,
    date: string,
    name: string,
    description: string | null,
    totalCents: number,
  ) => {
    // Filed on the first day the branch opens from `date` on.
    let day = date;
    for (let n = 0; n < 7 && !branchHours(branch)(day); n++) day = addDays(day, 1);
    const at = duringOpening(w, branch, day);
    if (at === null || day < w.firstDay || day >= w.today) return;
    const createdAt = new Date(at);
    rows.push({
      id: newId(),
      name,
      description,
      totalCents,
      addedById: superadmin.id,
      addedByName: superadmin.name,
      branchId: branch.id,
      date: day,
      createdAt,
      updatedAt: createdAt,
    });
  };

  const yesterday = addDays(w.today, -1);
  const lastOpenDay = weekdayOf(yesterday) === 0 ? addDays(yesterday, -1) : yesterday;
  for (const branch of w.business) {
    const size = branch.rooms.length;
    const rent = Math.round((size * 6_500 * (branch.sessionCost > 1 ? 1.8 : 1)) / 500) * 500 * 100;
    for (let date = w.firstDay; date < w.today; date = addDays(date, 1)) {
      const dayOfMonth = Number(date.slice(8));
      const weekday = weekdayOf(date);
      if (dayOfMonth === 1) add(branch, date, 'Renta del local', 'Pago mensual del arrendamiento', rent);
      if (dayOfMonth === 5) add(branch, date, 'Internet y teléfono', 'Plan de fibra óptica', 89_900);
      if (dayOfMonth === 10 && Number(date.slice(5, 7)) % 2 === 0)
        add(branch, date, 'Luz (CFE)', 'Recibo bimestral', pesos(2_400, 3_900));
      if (weekday === 1)
        add(branch, date, 'Garrafones de agua', `${between(rng, 4, 9)} garrafones de 20 L`, pesos(180, 400));
      if (weekday === 3) add(branch, date, 'Café e insumos de cafetería', null, pesos(450, 950));
      if (weekday === 6)
        add(branch, date, 'Servicio de limpieza', 'Limpieza semanal', pesos(320 * size, 440 * size, 50));
      if (weekday === 4 && rng() < 0.5)
        add(branch, date, 'Artículos de limpieza', 'Jabón, sanitizante y toallas', pesos(280, 720));
      if (weekday === 2 && rng() < 0.4)
        add(branch, date, 'Mantenimiento', pick(rng, REPAIRS), pesos(400, 3_500, 50));
      if (weekday === 5 && rng() < 0.25)
        add(branch, date, 'Papelería', 'Hojas, plumas y tóner', pesos(150, 480));
    }
    if (!rows.some((c) => c.branchId === branch.id && c.date === lastOpenDay))
      add(branch, lastOpenDay, 'Insumos de cafetería', 'Leche, azúcar y vasos', pesos(120, 380));
  }
  return rows;
}

// ── Rows ───────────────────────────────────────────────────────────────────────────────────────────────────

function sessionRows(w: World, plans: Plan[]): (typeof roomSessions.$inferInsert)[] {
  return plans.map((plan) => {
    // The reminder worker e-mails every active client session whose reminded_at is null once it is within 24
    // hours. Each seeded one is marked reminded (when its reminder was due, or when it was booked if that is still
    // ahead), so a first start sends no burst of e-mails to made-up addresses. A cancelled session was reminded
    // only if it was cancelled after its reminder went out.
    const due = plan.startsAt - DAY;
    let remindedAt: number | null = null;
    if (plan.client && plan.cancelledAt === null) remindedAt = Math.max(plan.createdAt, Math.min(due, w.now));
    else if (plan.client && plan.cancelledAt !== null && plan.createdAt <= due && plan.cancelledAt > due)
      remindedAt = due;
    const cancelledBy = plan.cancelledByStaff ? w.superadmin.id : (plan.client?.id ?? null);
    return {
      id: plan.id,
      userId: plan.client?.id ?? null,
      roomId: plan.room.id,
      branchId: plan.branch.id,
      cityId: plan.branch.cityId,
      startsAt: new Date(plan.startsAt),
      creditsCharged: plan.client ? plan.branch.sessionCost : 0,
      isCourtesy: plan.client === null,
      courtesyName: plan.courtesyName,
      bookedBy: plan.byStaff || !plan.client ? w.superadmin.id : plan.client.id,
      cancelledAt: plan.cancelledAt === null ? null : new Date(plan.cancelledAt),
      cancelledBy: plan.cancelledAt === null ? null : cancelledBy,
      remindedAt: remindedAt === null ? null : new Date(remindedAt),
      createdAt: new Date(plan.createdAt),
      updatedAt: new Date(Math.max(plan.createdAt, plan.cancelledAt ?? 0, remindedAt ?? 0)),
    };
  });
}

/** The audit rows a cancel writes (bookings.service): who cancelled, and what was refunded. */
function cancelAudit(w: World, plans: Plan[]) {
  for (const plan of plans) {
    if (plan.cancelledAt === null || !plan.client) continue;
    const actor = plan.cancelledByStaff ? w.superadmin : plan.client;
    w.audit.push({
      id: newId(),
      at: new Date(plan.cancelledAt),
      actorId: actor.id,
      actorName: actor.name,
      action: 'session.cancel',
      entity: 'session',
      entityId: plan.id,
      label: `${plan.client.name} · ${plan.room.name} · ${plan.branch.name} · ${plan.date} ${plan.hour}`,
      before: { status: 'active', refunded: null },
      after: { status: 'cancelled', refunded: plan.branch.sessionCost },
    });
  }
}

/** Orders with the columns orders.service writes, their lines' snapshots, and the online ones' paid checkouts. */
function orderRows(w: World, plans: OrderPlan[]) {
  const rows: (typeof orders.$inferInsert)[] = [];
  const items: (typeof orderItems.$inferInsert)[] = [];
  const paid: (typeof checkouts.$inferInsert)[] = [];
  for (const order of plans) {
    const total = totalOf(order.lines);
    const { cashCents, cardCents, transferCents, changeCents } = order.payment;
    const cancelled = order.cancelledAt !== null;
    rows.push({
      id: order.id,
      userId: order.client.id,
      branchId: order.branch?.id ?? null,
      totalCents: total,
      isPos: order.branch !== null,
      method: order.branch ? paymentMethodOf(order.payment) : 'card',
      status: cancelled ? 'cancelled' : 'completed',
      cashierId: order.cashier?.id ?? null,
      cashierName: order.cashier?.name ?? 'Tienda en linea',
      paidCashCents: cashCents,
      paidCardCents: cardCents,
      paidTransferCents: transferCents,
      changeCents,
      paymentRef: order.paymentRef,
      // The point-of-sale form's key; an online order is known by its payment instead.
      idempotencyKey: order.branch ? newId() : null,
      cancelledAt: cancelled ? new Date(order.cancelledAt!) : null,
      cancelledBy: cancelled ? w.superadmin.id : null,
      refundRef: order.refundRef,
      createdAt: new Date(order.createdAt),
      updatedAt: new Date(order.cancelledAt ?? order.createdAt),
    });
    for (const { product, quantity } of order.lines) {
      items.push({
        id: newId(),
        orderId: order.id,
        productId: product.id,
        name: product.name,
        unitPriceCents: product.priceCents,
        quantity,
        creditsGranted: creditsGranted([{ product, quantity }]),
      });
    }
    if (order.paymentRef) {
      // The checkout that was paid: its gateway is the one a cancel asks for the refund.
      const lines: CheckoutItem[] = order.lines.map(({ product, quantity }) => ({
        productId: product.id,
        name: product.name,
        unitPriceCents: product.priceCents,
        credits: product.credits,
        extra: product.extra,
        quantity,
      }));
      paid.push({
        id: newId(),
        userId: order.client.id,
        items: lines,
        amountCents: total,
        totalCredits: creditsGranted(order.lines),
        gateway: 'test',
        method: 'card',
        paymentRef: order.paymentRef,
        status: 'paid',
        orderId: order.id,
        createdAt: new Date(order.createdAt - between(w.rng, 1, 4) * MINUTE),
        updatedAt: new Date(order.createdAt),
      });
    }
  }
  return { rows, items, paid };
}

/**
 * Issue 24: three clients who chose to pay later, as the test gateway leaves them: an OXXO voucher asked for
 * yesterday and a SPEI transfer asked for two hours ago, both 'Pendiente de pago' (the super admin can 'Simular
 * pago' in Ordenes), and an OXXO voucher of last week that expired. No credits: nothing was paid.
 */
function payLaterRows(w: World, shop: Shop, clients: Client[]) {
  const rows: (typeof orders.$inferInsert)[] = [];
  const items: (typeof orderItems.$inferInsert)[] = [];
  const started: (typeof checkouts.$inferInsert)[] = [];
  const product = shop.packages[Math.min(1, shop.packages.length - 1)];
  if (!product || clients.length < 3) return { rows, items, started };
  const digits = (count: number) =>
    Array.from({ length: count }, () => String(between(w.rng, 0, 9))).join('');
  const endOfDay = (date: string) => businessInstant(addDays(date, 1), '00:00').getTime() - SECOND;
  const yesterday = addDays(w.today, -1);
  const plans = [
    {
      client: clients.at(-1)!,
      method: 'oxxo' as const,
      madeAt: w.cal.at(yesterday, 18) + 40 * MINUTE,
      expired: false,
    },
    {
      client: clients.at(-2)!,
      method: 'spei' as const,
      madeAt: w.cal.at(yesterday, 11) + 5 * MINUTE,
      expired: false,
    },
    {
      client: clients.at(-3)!,
      method: 'oxxo' as const,
      madeAt: w.cal.at(addDays(w.today, -9), 16) + 20 * MINUTE,
      expired: true,
    },
  ];
  for (const plan of plans) {
    const checkoutId = newId();
    const orderId = newId();
    const expiresAt = endOfDay(addDays(w.cal.dateOf(plan.madeAt), 3));
    const instructions =
      plan.method === 'oxxo'
        ? {
            kind: 'oxxo' as const,
            number: `9300${digits(14)}`,
            hostedUrl: null,
            expiresAt: new Date(expiresAt).toISOString(),
          }
        : {
            kind: 'spei' as const,
            clabe: stpClabe(digits(11)),
            bankName: 'STP',
            reference: digits(7),
            hostedUrl: null,
            expiresAt: new Date(expiresAt).toISOString(),
          };
    const paymentRef = `test_pi_${checkoutId}`;
    const lines: Line[] = [{ product, quantity: 1 }];
    rows.push({
      id: orderId,
      userId: plan.client.id,
      branchId: null,
      totalCents: product.priceCents,
      isPos: false,
      method: plan.method,
      status: plan.expired ? 'expired' : 'pending',
      cashierName: 'Tienda en linea',
      // Nothing paid (one JSON insert with the other orders: every column given).
      paidCashCents: 0,
      paidCardCents: 0,
      paidTransferCents: 0,
      changeCents: 0,
      paymentRef,
      paymentInstructions: instructions,
      paymentExpiresAt: new Date(expiresAt),
      createdAt: new Date(plan.madeAt),
      updatedAt: new Date(plan.expired ? expiresAt + 3 * DAY : plan.madeAt),
    });
    items.push({
      id: newId(),
      orderId,
      productId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity: 1,
      creditsGranted: creditsGranted(lines),
    });
    started.push({
      id: checkoutId,
      userId: plan.client.id,
      items: [
        {
          productId: product.id,
          name: product.name,
          unitPriceCents: product.priceCents,
          credits: product.credits,
          extra: product.extra,
          quantity: 1,
        },
      ],
      amountCents: product.priceCents,
      totalCredits: creditsGranted(lines),
      gateway: 'test',
      method: plan.method,
      paymentRef,
      status: plan.expired ? 'failed' : 'pending',
      orderId,
      lastError: plan.expired ? 'not paid in time (reconciliation)' : null,
      expiresAt: new Date(expiresAt),
      // Reconciliation asks the (test) gateway from half an hour after the start, as the store schedules it.
      nextCheckAt: plan.expired ? null : new Date(plan.madeAt + 30 * MINUTE),
      createdAt: new Date(plan.madeAt),
      updatedAt: new Date(plan.madeAt),
    });
  }
  return { rows, items, started };
}

/** An order's cancel in the audit log names it as people do, by the folio the database gave it. */
async function nameCancelledOrders(tx: Tx, audit: AuditRow[]) {
  const cancels = audit.filter((row) => row.action === 'order.cancel');
  if (cancels.length === 0) return;
  const folios = new Map(
    (
      await tx
        .select({ id: orders.id, folio: orders.folio })
        .from(orders)
        .where(
          inArray(
            orders.id,
            cancels.map((row) => row.entityId),
          ),
        )
    ).map((row) => [row.id, row.folio]),
  );
  for (const row of cancels) row.label = `Orden ${formatFolio(folios.get(row.entityId)!)} · ${row.label}`;
}

const timestamp = (instant: number) => sql`${new Date(instant).toISOString()}::timestamptz`;

/**
 * Writes the history in the caller's transaction, after the demo business exists (seed.ts's seedDemoData): its
 * branches, rooms, products and the three demo accounts are read from the database. Runs once: a database that
 * already has the demo clients is left as it is (an empty report).
 */
export async function seedDemoHistory(tx: Tx, options: { now: Date; seed?: number }): Promise<HistoryReport> {
  const started = performance.now();
  const [seeded] = await tx
    .select({ id: users.id })
    .from(users)
    .where(like(users.email, `%@${HISTORY_EMAIL_DOMAIN}`))
    .limit(1);
  if (seeded) {
    // A demo seeded before the cash drawers (issue 39) gets them now, once.
    const drawers = await seedDemoDrawers(tx, options);
    return {
      clients: 0,
      sessions: 0,
      cancelled: 0,
      orders: 0,
      costs: 0,
      drawers,
      ms: Math.round(performance.now() - started),
    };
  }

  const { demo: demoAccount, ...found } = await readBusiness(tx);
  const today = businessDate(options.now);
  const w: World = {
    rng: mulberry32(options.seed ?? DEFAULT_HISTORY_SEED),
    cal: makeCalendar(addDays(today, -SIGNUP_DAYS - 14), addDays(today, UPCOMING_DAYS + 1)),
    now: options.now.getTime(),
    today,
    firstDay: addDays(today, -HISTORY_DAYS),
    business: found.business,
    catalog: found.catalog,
    superadmin: found.superadmin,
    admin: found.admin,
    audit: [],
  };

  const namer = makeNamer(w);
  const { clients, waiting } = makeClients(w, namer);
  // The demo client keeps its account: it (and the staff's) moves back to before the history, so the credits
  // seed.ts gave it ('adjustment') come first in its ledger and the history builds on them.
  const demoSince = w.cal.at(addDays(today, -SIGNUP_DAYS), 10);
  const staffSince = w.cal.at(addDays(today, -SIGNUP_DAYS - 7), 9);
  const demo: Client = {
    id: demoAccount.id,
    name: demoAccount.name,
    email: demoAccount.email,
    phone: '',
    createdAt: demoSince,
    activatedAt: demoSince,
    weight: 0,
    // The cheapest branch with the most rooms.
    home: [...w.business].sort(
      (a, b) => a.sessionCost - b.sessionCost || b.rooms.length - a.rooms.length || byText(a.name, b.name),
    )[0]!,
    balance: demoAccount.credits,
    last: demoSince + 5 * MINUTE,
  };

  const planned = planSessions(w, clients, namer, found);
  giveDemoSessions(w, planned, demo);
  const shop = makeShop(w);
  const { ledger, skipped } = settleCredits(w, shop, planned, demo, clients);
  const plans = planned.filter((p) => !skipped.has(p));
  cancelAudit(w, plans);
  planOtherSales(w, shop, clients);
  const costRows = planCosts(w);

  const sessions = sessionRows(w, plans);
  const sales = orderRows(w, shop.orders);
  const payLater = payLaterRows(w, shop, clients);
  const lastMove = new Map(ledger.map((row) => [row.userId, row.createdAt.getTime()]));
  const userRow = (
    person: { id: string; name: string; email: string; phone: string; createdAt: number },
    account: { credits: number; isActive: boolean; updatedAt: number },
  ): typeof users.$inferInsert => ({
    id: person.id,
    name: person.name,
    email: person.email,
    phone: person.phone,
    credits: account.credits,
    role: 'user',
    isActive: account.isActive,
    // Every demo account opens with the demo password.
    passwordHash: demoAccount.passwordHash,
    createdAt: new Date(person.createdAt),
    updatedAt: new Date(account.updatedAt),
  });
  const people = [
    ...clients.map((c) =>
      userRow(c, { credits: c.balance, isActive: true, updatedAt: lastMove.get(c.id) ?? c.activatedAt }),
    ),
    ...waiting.map((c) => userRow(c, { credits: 0, isActive: false, updatedAt: c.createdAt })),
  ];

  // Only ever moved back in time; updated_at is set so Drizzle does not stamp the machine's clock on it.
  await tx
    .update(users)
    .set({
      createdAt: sql`least(${users.createdAt}, ${timestamp(staffSince)})`,
      updatedAt: sql`${users.updatedAt}`,
    })
    .where(inArray(users.id, [w.superadmin.id, w.admin.id]));
  await tx
    .update(users)
    .set({
      createdAt: sql`least(${users.createdAt}, ${timestamp(demoSince)})`,
      credits: demo.balance,
      updatedAt: new Date(lastMove.get(demo.id) ?? demoSince),
    })
    .where(eq(users.id, demo.id));
  await tx
    .update(creditLedger)
    .set({ createdAt: sql`least(${creditLedger.createdAt}, ${timestamp(demoSince + MINUTE)})` })
    .where(and(eq(creditLedger.userId, demo.id), eq(creditLedger.reason, 'adjustment')));
  // Parents first.
  await insertAll(tx, users, people);
  await insertAll(tx, roomSessions, sessions);
  // The line's order is the order of these rows (first come, first served): oldest first.
  await insertAll(
    tx,
    waitlistEntries,
    waitlistRows(w, plans, clients).sort(
      (a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime(),
    ),
  );
  // Oldest first: the database numbers them in that order (their folios, issue 39), as migration 0020 numbered the
  // orders there were.
  const sold = [...sales.rows, ...payLater.rows].sort(
    (a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime(),
  );
  await insertAll(tx, orders, sold);
  await insertAll(tx, orderItems, [...sales.items, ...payLater.items]);
  await insertAll(tx, checkouts, [...sales.paid, ...payLater.started]);
  await insertAll(tx, creditLedger, ledger);
  await insertAll(tx, costs, costRows);
  await nameCancelledOrders(tx, w.audit);
  await insertAll(tx, auditLog, w.audit);
  const drawers = await seedDemoDrawers(tx, options);
  // Every client accepted today's notice and terms: at registration when it came after their publication, at a
  // later login otherwise (so no client is asked at its first login in the demo).
  await insertAll(
    tx,
    consents,
    people.flatMap((person) =>
      (['privacy', 'terms'] as const).map((document) => {
        const version = currentVersion(document === 'privacy' ? PRIVACY_NOTICE_VERSIONS : TERMS_VERSIONS);
        const published = businessInstant(version.date, '09:00').getTime();
        const joined = (person.createdAt as Date).getTime();
        return {
          id: newId(),
          userId: person.id!,
          document,
          version: version.version,
          way: joined >= published ? ('registration' as const) : ('login' as const),
          acceptedAt: new Date(Math.min(w.now, Math.max(joined, published))),
        };
      }),
    ),
  );
  // A few privacy requests (issue 27), so Privacidad shows what it is for: two rights a client used on their own,
  // one open request that came to the desk.
  const [downloads, optsOut, asksAtDesk] = clients;
  if (downloads && optsOut && asksAtDesk) {
    const received = (daysAgo: number) => new Date(w.now - daysAgo * DAY);
    const request = (
      client: Client,
      at: Date,
      values: Pick<typeof privacyRequests.$inferInsert, 'kind' | 'channel' | 'detail'> & { done?: string },
    ) => ({
      id: newId(),
      userId: client.id,
      kind: values.kind,
      channel: values.channel,
      status: values.done ? ('done' as const) : ('open' as const),
      receivedAt: at,
      dueOn: privacyDueDate(businessDate(at)),
      detail: values.detail,
      resolution: values.done ?? null,
      resolvedAt: values.done ? at : null,
      resolvedBy: values.done ? client.id : null,
      recordedBy: values.done ? null : w.superadmin.id,
      createdAt: at,
    });
    await insertAll(tx, privacyRequests, [
      request(downloads, received(12), {
        kind: 'access',
        channel: 'web',
        detail: 'Descargó sus datos personales desde su perfil.',
        done: 'Entregado en el momento.',
      }),
      request(optsOut, received(6), {
        kind: 'opposition',
        channel: 'email',
        detail: 'Se dio de baja de los recordatorios con el enlace de un correo.',
        done: 'Hecho en el momento.',
      }),
      request(asksAtDesk, received(2), {
        kind: 'rectification',
        channel: 'in_person',
        detail: 'Pidió en recepción corregir su teléfono; trae el nuevo anotado en su expediente.',
      }),
    ]);
    await tx.update(users).set({ remindersEnabled: false }).where(eq(users.id, optsOut.id));
  }

  return {
    clients: people.length,
    sessions: sessions.length,
    cancelled: plans.filter((p) => p.cancelledAt !== null).length,
    orders: sales.rows.length,
    costs: costRows.length,
    drawers,
    ms: Math.round(performance.now() - started),
  };
}
