// Reading the old app's Firestore export (issue 41, spec §3): each document becomes a typed record or the reason it
// cannot be one. References between collections (cityId, branchId, …) are resolved later, against the database.
import { normalizePhone } from '../common/phone';
import { businessDate, businessInstant, isIsoDate } from '../time/business-time';
import { importMessages as m } from './imports.messages';

export type Doc = Record<string, unknown>;
export type Read<T> = { ok: true; value: T; warnings: string[] } | { ok: false; reason: string };

const ok = <T>(value: T, warnings: string[] = []): Read<T> => ({ ok: true, value, warnings });
const no = (reason: string): Read<never> => ({ ok: false, reason });

export const isDoc = (value: unknown): value is Doc =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// PostgreSQL's text holds no NUL character: one in the export would fail the whole import.
const text = (value: unknown): string =>
  typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : '';

/** ISO 8601 without an offset: a wall-clock time (or a bare day) in Mexico City, where the old app ran. */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;
const flag = (value: unknown, otherwise: boolean): boolean =>
  typeof value === 'boolean' ? value : otherwise;

/**
 * An instant as the export writes it: a Firestore Timestamp ({ _seconds, _nanoseconds }, or seconds/nanoseconds),
 * milliseconds since 1970 (a number or a numeric string), or an ISO 8601 string. Null when it is none of them.
 */
export function instantOf(value: unknown): Date | null {
  let ms: number | null = null;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && /^\d{9,}$/.test(value.trim())) ms = Number(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value.trim())) {
    const trimmed = value.trim();
    const local = LOCAL_TIME.exec(trimmed);
    // Date.parse rolls 30 February over into March: the day itself must exist.
    if (!isIsoDate(trimmed.slice(0, 10))) ms = null;
    else if (local) {
      const [, day, time = '00:00', seconds = '0', millis = '0'] = local;
      ms =
        businessInstant(day as string, time).getTime() +
        Number(seconds) * 1000 +
        Number(millis.padEnd(3, '0'));
    } else ms = Date.parse(trimmed);
  } else if (isDoc(value)) {
    const seconds = value._seconds ?? value.seconds;
    const nanos = value._nanoseconds ?? value.nanoseconds ?? 0;
    if (typeof seconds === 'number' && typeof nanos === 'number')
      ms = seconds * 1000 + Math.floor(nanos / 1e6);
  }
  if (ms === null || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  // Years 2000 to 2100: a value outside is a unit mistake (seconds for milliseconds), not a date.
  return date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2100 ? date : null;
}

/** A business date: 'YYYY-MM-DD' as is; an instant (ISO with a time, a Timestamp, ms) is its Mexico City date. */
export function dateOf(value: unknown): string | null {
  if (typeof value === 'string' && isIsoDate(value.trim())) return value.trim();
  const instant = instantOf(value);
  return instant ? businessDate(instant) : null;
}

/** Pesos as the old app stored them (a number, or a numeric string) → integer centavos. */
export function centsOf(value: unknown): number | null {
  const pesos =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (!Number.isFinite(pesos) || pesos < 0 || pesos > 10_000_000) return null;
  return Math.round(pesos * 100);
}

/** A whole number of 0 or more (credits, bonus credits); missing counts as 0. */
export function countOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return 0;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 1_000_000
    ? number
    : null;
}

const stamps = (doc: Doc) => ({
  createdAt: instantOf(doc.createdAt),
  updatedAt: instantOf(doc.updatedAt),
});

export type CityRecord = { name: string };
export function readCity(doc: Doc): Read<CityRecord> {
  const name = text(doc.name);
  return name ? ok({ name }) : no(m.missingName);
}

export type BranchRecord = { name: string; cityId: string };
export function readBranch(doc: Doc): Read<BranchRecord> {
  const name = text(doc.name);
  if (!name) return no(m.missingName);
  return ok({ name, cityId: text(doc.cityId) });
}

export type RoomRecord = { name: string; branchId: string; position: number; isActive: boolean };
export function readMachine(doc: Doc): Read<RoomRecord> {
  const position = typeof doc.position === 'string' ? Number(doc.position) : doc.position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1 || position > 10) {
    return no(m.badPosition);
  }
  return ok({
    name: text(doc.name) || `Sala ${position}`,
    branchId: text(doc.branchId),
    position,
    isActive: flag(doc.isActive, true),
  });
}

export type ProductRecord = {
  name: string;
  description: string;
  priceCents: number;
  credits: number;
  extra: number;
  isDigital: boolean;
  isService: boolean;
  isActive: boolean;
};
export function readProduct(doc: Doc): Read<ProductRecord> {
  const name = text(doc.name);
  if (!name) return no(m.missingName);
  const priceCents = centsOf(doc.price);
  if (priceCents === null) return no(m.badPrice);
  const credits = countOf(doc.credits);
  if (credits === null) return no(m.badCount('credits'));
  const extra = countOf(doc.extra);
  if (extra === null) return no(m.badCount('extra'));
  const isDigital = flag(doc.isDigital, false);
  return ok({
    name,
    description: text(doc.description),
    priceCents,
    credits,
    extra,
    isDigital,
    // isService means something only online (spec §3).
    isService: isDigital && flag(doc.isService, false),
    isActive: flag(doc.isActive, true),
  });
}

export type UserRecord = {
  name: string;
  email: string;
  phone: string;
  credits: number;
  role: 'user' | 'admin' | 'superadmin';
  isActive: boolean;
  createdAt: Date | null;
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function readUser(doc: Doc): Read<UserRecord> {
  const email = text(doc.email).toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) return no(m.badEmail);
  const credits = countOf(doc.credits);
  if (credits === null) return no(m.badCredits);
  const warnings: string[] = [];
  let name = text(doc.name).slice(0, 120);
  if (!name) {
    name = email.split('@')[0] as string;
    warnings.push(m.nameFromEmail);
  }
  const typed = text(doc.phone);
  const phone = normalizePhone(typed);
  if (!/^\d{10}$/.test(phone)) warnings.push(m.phoneKept);
  return ok(
    {
      name,
      email,
      phone: /^\d{10}$/.test(phone) ? phone : typed.slice(0, 24),
      credits,
      role: doc.isSuperAdmin === true ? 'superadmin' : doc.isAdmin === true ? 'admin' : 'user',
      isActive: flag(doc.isActive, false),
      createdAt: stamps(doc).createdAt,
    },
    warnings,
  );
}

/** One account of `firebase auth:export --format=json`: a false field is left out, a missing hash means none. */
export type AuthRecord = {
  localId: string;
  email: string;
  passwordHash: string | null;
  salt: string | null;
  disabled: boolean;
};
export function readAuthUser(value: unknown): Read<AuthRecord> {
  if (!isDoc(value)) return no(m.notADocument);
  const localId = text(value.localId);
  if (!localId) return no(m.notADocument);
  const passwordHash = text(value.passwordHash) || null;
  const salt = text(value.salt) || null;
  return ok({
    localId,
    email: text(value.email).toLowerCase(),
    passwordHash: passwordHash && salt ? passwordHash : null,
    salt: passwordHash && salt ? salt : null,
    disabled: value.disabled === true,
  });
}

export type SessionRecord = {
  roomId: string;
  userId: string | null;
  startsAt: Date;
  courtesyName: string | null;
  createdAt: Date | null;
};
export function readSession(doc: Doc): Read<SessionRecord> {
  const startsAt = instantOf(doc.startTime);
  if (!startsAt) return no(m.badInstant('startTime'));
  const isCourtesy = doc.isCourtesy === true;
  const courtesyName = text(doc.courtesyName);
  if (isCourtesy && !courtesyName) return no(m.courtesyWithoutName);
  return ok({
    roomId: text(doc.machineId),
    userId: isCourtesy ? null : text(doc.userId),
    startsAt,
    courtesyName: isCourtesy ? courtesyName.slice(0, 120) : null,
    createdAt: stamps(doc).createdAt,
  });
}

export type DayBlockRecord = { branchId: string; date: string; hour: string | null };
export function readBlocked(doc: Doc): Read<DayBlockRecord> {
  const date = dateOf(doc.date);
  if (!date) return no(m.badDate);
  const isHour = doc.isHourBlocked === true;
  const hour = text(doc.hour);
  if (isHour && !/^([01]\d|2[0-3]):[0-5]\d$/.test(hour)) return no(m.badHour);
  return ok({ branchId: text(doc.branchId), date, hour: isHour ? hour : null });
}

export type RoomBlockRecord = { roomId: string; startsAt: Date };
export function readBlockedRoom(doc: Doc): Read<RoomBlockRecord> {
  const startsAt = instantOf(doc.datetime);
  if (!startsAt) return no(m.badInstant('datetime'));
  return ok({ roomId: text(doc.roomId), startsAt });
}

export type OrderRecord = {
  userId: string;
  branchId: string;
  productIds: string[];
  totalCents: number;
  isPos: boolean;
  method: 'cash' | 'card' | 'transfer';
  status: 'completed' | 'cancelled';
  cashierName: string;
  createdAt: Date;
  updatedAt: Date | null;
};
export function readOrder(doc: Doc): Read<OrderRecord> {
  const status = text(doc.status);
  if (status !== 'completed' && status !== 'cancelled') return no(m.notFinal(status || '(vacío)'));
  const method = text(doc.method);
  if (method !== 'cash' && method !== 'card' && method !== 'transfer') return no(m.badMethod);
  const totalCents = centsOf(doc.total);
  if (totalCents === null) return no(m.badTotal);
  const createdAt = instantOf(doc.createdAt);
  if (!createdAt) return no(m.badInstant('createdAt'));
  const isPos = doc.isPos === true;
  return ok({
    userId: text(doc.userId),
    branchId: text(doc.branchId),
    productIds: Array.isArray(doc.products)
      ? doc.products.map((item) => (isDoc(item) ? text(item.id) : text(item))).filter(Boolean)
      : [],
    totalCents,
    isPos,
    method,
    status,
    cashierName: text(doc.cashierName).slice(0, 120) || (isPos ? 'Recepción' : 'Tienda en linea'),
    createdAt,
    updatedAt: instantOf(doc.updatedAt),
  });
}

export type CostRecord = {
  name: string;
  description: string | null;
  totalCents: number;
  addedBy: string;
  branchId: string;
  date: string;
  createdAt: Date | null;
};
export function readCost(doc: Doc): Read<CostRecord> {
  const name = text(doc.name);
  if (!name) return no(m.missingName);
  const totalCents = centsOf(doc.total);
  if (totalCents === null) return no(m.badTotal);
  const date = dateOf(doc.date) ?? dateOf(doc.createdAt);
  if (!date) return no(m.badDate);
  return ok({
    name: name.slice(0, 120),
    description: text(doc.description) || null,
    totalCents,
    addedBy: text(doc.addedBy).slice(0, 120) || 'Importado',
    branchId: text(doc.branchId),
    date,
    createdAt: stamps(doc).createdAt,
  });
}

/** Order lines from the product ids of an order: repeats are the quantity, in the order they first appear. */
export function groupProductIds(ids: string[]): { productId: string; quantity: number }[] {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].map(([productId, quantity]) => ({ productId, quantity }));
}

/** The spec's collections, in the order they are imported (what a record refers to comes before it). */
export const exportCollections = [
  'cities',
  'branches',
  'machines',
  'products',
  'users',
  'sessions',
  'blocked',
  'blockedRoom',
  'orders',
  'costs',
] as const;
export type TExportCollection = (typeof exportCollections)[number];

/** Documents under `subCollection` (firestore-export-import's place for them): reported, never imported. */
export function subcollectionsOf(collection: string, docs: Doc): { path: string; documents: number }[] {
  const found: { path: string; documents: number }[] = [];
  for (const [id, doc] of Object.entries(docs)) {
    if (!isDoc(doc) || !isDoc(doc.subCollection)) continue;
    for (const [path, children] of Object.entries(doc.subCollection)) {
      found.push({
        path: path.includes('/') ? path : `${collection}/${id}/${path}`,
        documents: isDoc(children) ? Object.keys(children).length : 0,
      });
    }
  }
  return found;
}
