import type { Tx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import { type FirebaseHashParameters, firebaseHashString, isForeignHash } from '@sala/db/password';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import {
  type AuthRecord,
  type Doc,
  exportCollections,
  groupProductIds,
  isDoc,
  type Read,
  readAuthUser,
  readBlocked,
  readBlockedRoom,
  readBranch,
  readCity,
  readCost,
  readMachine,
  readOrder,
  readProduct,
  readSession,
  readUser,
  subcollectionsOf,
  type UserRecord,
} from '@sala/shared/imports/firebase-export';
import { importMessages as m, type TImportCollection } from '@sala/shared/imports/imports.messages';
import { DEFAULT_SESSION_COST } from '@sala/shared/locations/branches.contract';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { businessDate } from '@sala/shared/time/business-time';
import { reconcileImportedBalance } from './balances';
import type { ReportBuilder } from './import-report';
import * as repo from './imports.repository';

export type FirebaseExport = { firestore: Record<string, unknown>; auth: unknown };

const SOURCE = 'firebase';
const IMPORT_NOTE = 'Saldo de la app anterior';

type Mapped = {
  map: (collection: string, oldId: string) => string | undefined;
  /** Every row this collection's records became before. */
  all: (collection: string) => string[];
  /** new id → old id, for the report. */
  oldIdOf: (collection: string) => Map<string, string>;
  /** Forgets old ids whose row is gone here (deleted since the last run): the record is made again. */
  keepOnly: (collection: string, rows: { id: string }[]) => void;
  /** A row another record of the export already became (so it is not adopted twice). */
  claimed: (collection: string, newId: string) => boolean;
  remember: (collection: string, oldId: string, newId: string, credits?: number | null) => void;
};

/**
 * Loads the old app's Firestore export and Firebase Authentication accounts into the database, in the caller's
 * transaction (docs/decisions/029): what each record refers to first (zones, branches, rooms, products, accounts),
 * then what refers to them (sessions, blocks, orders, expenses). Every old id goes to import_ids, so a second run
 * finds what the first made and updates only what changed.
 */
export async function importFirebaseExport(
  tx: Tx,
  input: FirebaseExport & { hash: FirebaseHashParameters; now: Date },
  out: ReportBuilder,
) {
  const mappings = await repo.loadMappings(tx, SOURCE);
  const fresh: Parameters<typeof repo.saveMappings>[1] = [];
  const claimed = new Map<string, Set<string>>();
  for (const [collection, map] of mappings) claimed.set(collection, new Set(map.values()));
  const ids: Mapped = {
    map: (collection, oldId) => mappings.get(collection)?.get(oldId),
    claimed: (collection, newId) => claimed.get(collection)?.has(newId) ?? false,
    all: (collection) => [...(mappings.get(collection)?.values() ?? [])],
    oldIdOf: (collection) =>
      new Map([...(mappings.get(collection) ?? [])].map(([oldId, newId]) => [newId, oldId])),
    keepOnly: (collection, rows) => {
      const map = mappings.get(collection);
      if (!map) return;
      const alive = new Set(rows.map((row) => row.id));
      for (const [oldId, newId] of map) {
        if (alive.has(newId)) continue;
        map.delete(oldId);
        claimed.get(collection)?.delete(newId);
      }
    },
    remember: (collection, oldId, newId, credits = null) => {
      const map = mappings.get(collection) ?? new Map<string, string>();
      mappings.set(collection, map.set(oldId, newId));
      const taken = claimed.get(collection) ?? new Set<string>();
      claimed.set(collection, taken.add(newId));
      fresh.push({ source: SOURCE, collection, oldId, newId, credits });
    },
  };

  const collections = readCollections(input.firestore, out);
  const docsOf = (name: string) => collections.get(name) ?? [];

  await importCities(tx, docsOf('cities'), ids, out);
  const branchInfo = await importBranches(tx, docsOf('branches'), ids, out);
  const roomInfo = await importRooms(tx, docsOf('machines'), ids, branchInfo, out, input.now);
  const productInfo = await importProducts(tx, docsOf('products'), ids, out);
  await importUsers(
    tx,
    { docs: docsOf('users'), auth: input.auth, hash: input.hash, now: input.now },
    ids,
    out,
  );
  // What the old app removed since the last run (it deletes a cancelled session, a removed block, an expense)
  // ends first, so a session booked there in its place finds its room and hour free here.
  const gone = (name: string) =>
    goneSince(collections.has(name) ? docsOf(name) : null, ids.all(name), ids.oldIdOf(name));
  await endWhatIsGone(
    tx,
    {
      sessions: gone('sessions'),
      blocked: gone('blocked'),
      blockedRoom: gone('blockedRoom'),
      costs: gone('costs'),
    },
    input.now,
    out,
  );
  await importSessions(tx, docsOf('sessions'), ids, roomInfo, branchInfo, out, input.now);
  await importDayBlocks(tx, docsOf('blocked'), ids, branchInfo, out);
  await importRoomBlocks(tx, docsOf('blockedRoom'), ids, roomInfo, out);
  await importOrders(tx, docsOf('orders'), ids, productInfo, out);
  await importCosts(tx, docsOf('costs'), ids, out, input.now);
  await repo.saveMappings(tx, fresh);
}

type Entry = { id: string; doc: Doc };

/** The spec's collections as lists of documents; anything else in the export is named in the report. */
function readCollections(firestore: Record<string, unknown>, out: ReportBuilder): Map<string, Entry[]> {
  const found = new Map<string, Entry[]>();
  for (const [name, docs] of Object.entries(firestore)) {
    const count = isDoc(docs) ? Object.keys(docs).length : 0;
    if (!(exportCollections as readonly string[]).includes(name)) {
      out.ignore(m.unknownCollection(name, count));
      continue;
    }
    if (!isDoc(docs)) continue;
    for (const sub of subcollectionsOf(name, docs)) out.ignore(m.subcollection(sub.path, sub.documents));
    found.set(
      name,
      Object.entries(docs).map(([id, doc]) => ({ id, doc: isDoc(doc) ? doc : {} })),
    );
  }
  return found;
}

/** Reads every document of a collection, counting it and reporting what cannot be read. */
function readAll<T>(
  collection: TImportCollection,
  entries: Entry[],
  read: (doc: Doc) => Read<T>,
  out: ReportBuilder,
): { id: string; value: T }[] {
  out.collection(collection);
  const good: { id: string; value: T }[] = [];
  for (const { id, doc } of entries) {
    out.add(collection, 'read');
    const result =
      Object.keys(doc).length === 0 ? ({ ok: false, reason: m.notADocument } as const) : read(doc);
    if (!result.ok) {
      out.skip(collection, id, result.reason);
      continue;
    }
    for (const warning of result.warnings) out.warn(collection, id, warning);
    good.push({ id, value: result.value });
  }
  return good;
}

/** The fields of `next` that differ from `current` (by value; dates by instant). */
function changes<T extends Record<string, unknown>>(
  current: Record<string, unknown>,
  next: T,
): Partial<T> | null {
  const diff: Partial<T> = {};
  let any = false;
  for (const [key, value] of Object.entries(next)) {
    const before = current[key];
    const same =
      value instanceof Date && before instanceof Date
        ? value.getTime() === before.getTime()
        : before === value;
    if (!same) {
      (diff as Record<string, unknown>)[key] = value;
      any = true;
    }
  }
  return any ? diff : null;
}

async function importCities(tx: Tx, entries: Entry[], ids: Mapped, out: ReportBuilder) {
  const existing = await repo.allCities(tx);
  ids.keepOnly('cities', existing);
  const byId = new Map(existing.map((city) => [city.id, city]));
  const byName = new Map(existing.map((city) => [city.name.toLowerCase(), city.id]));
  const inserts: Parameters<typeof repo.insertCities>[1] = [];
  for (const { id, value } of readAll('cities', entries, readCity, out)) {
    const mapped = ids.map('cities', id);
    const named = byName.get(value.name.toLowerCase());
    // A zone of that name that another record became, or that this one is not: the name is taken.
    if (named && (mapped ? named !== mapped : ids.claimed('cities', named))) {
      out.skip('cities', id, m.nameTaken);
      continue;
    }
    const current = byId.get(mapped ?? named ?? '');
    if (current) {
      // Already here (imported before, or set up by hand with the same name): it becomes this record.
      if (!mapped) ids.remember('cities', id, current.id);
      const diff = changes(current, value);
      if (diff) {
        await repo.updateCity(tx, current.id, diff);
        byName.delete(current.name.toLowerCase());
        byName.set(value.name.toLowerCase(), current.id);
      }
      out.add('cities', diff ? 'updated' : 'unchanged');
      continue;
    }
    const row = { id: newId(), name: value.name };
    inserts.push(row);
    byName.set(value.name.toLowerCase(), row.id);
    ids.remember('cities', id, row.id);
    out.add('cities', 'imported');
  }
  await repo.insertCities(tx, inserts);
}

type BranchInfo = Map<string, { cityId: string; sessionCost: number }>;

async function importBranches(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  out: ReportBuilder,
): Promise<BranchInfo> {
  const existing = await repo.allBranches(tx);
  ids.keepOnly('branches', existing);
  const info: BranchInfo = new Map(
    existing.map((b) => [b.id, { cityId: b.cityId, sessionCost: b.sessionCost }]),
  );
  const byId = new Map(existing.map((b) => [b.id, b]));
  const key = (cityId: string, name: string) => `${cityId}|${name.toLowerCase()}`;
  const byName = new Map(existing.map((b) => [key(b.cityId, b.name), b.id]));
  const inserts: Parameters<typeof repo.insertBranches>[1] = [];
  for (const { id, value } of readAll('branches', entries, readBranch, out)) {
    const cityId = ids.map('cities', value.cityId);
    if (!cityId) {
      out.skip('branches', id, m.missingCity);
      continue;
    }
    const mapped = ids.map('branches', id);
    const named = byName.get(key(cityId, value.name));
    if (named && (mapped ? named !== mapped : ids.claimed('branches', named))) {
      out.skip('branches', id, m.nameTaken);
      continue;
    }
    const current = byId.get(mapped ?? named ?? '');
    if (current) {
      if (!mapped) ids.remember('branches', id, current.id);
      const diff = changes(current, { name: value.name, cityId });
      if (diff) {
        await repo.updateBranch(tx, current.id, diff);
        byName.delete(key(current.cityId, current.name));
        byName.set(key(cityId, value.name), current.id);
      }
      info.set(current.id, { cityId, sessionCost: current.sessionCost });
      out.add('branches', diff ? 'updated' : 'unchanged');
      continue;
    }
    const row = { id: newId(), name: value.name, cityId, schedule: DEFAULT_WEEKLY_SCHEDULE };
    inserts.push(row);
    byName.set(key(cityId, value.name), row.id);
    info.set(row.id, { cityId, sessionCost: DEFAULT_SESSION_COST });
    ids.remember('branches', id, row.id);
    out.add('branches', 'imported');
  }
  await repo.insertBranches(tx, inserts);
  return info;
}

type RoomInfo = Map<string, { branchId: string; cityId: string }>;

async function importRooms(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  branches: BranchInfo,
  out: ReportBuilder,
  now: Date,
): Promise<RoomInfo> {
  const existing = await repo.allRooms(tx);
  ids.keepOnly('machines', existing);
  const info: RoomInfo = new Map(existing.map((r) => [r.id, { branchId: r.branchId, cityId: r.cityId }]));
  const byId = new Map(existing.map((r) => [r.id, r]));
  const seat = (branchId: string, position: number) => `${branchId}|${position}`;
  const bySeat = new Map(existing.map((r) => [seat(r.branchId, r.position), r.id]));
  const inserts: Parameters<typeof repo.insertRooms>[1] = [];
  for (const { id, value } of readAll('machines', entries, readMachine, out)) {
    const branchId = ids.map('branches', value.branchId);
    const branch = branchId ? branches.get(branchId) : undefined;
    if (!branchId || !branch) {
      out.skip('machines', id, m.missingBranch);
      continue;
    }
    const mapped = ids.map('machines', id);
    const holder = bySeat.get(seat(branchId, value.position));
    if (holder && (mapped ? holder !== mapped : ids.claimed('machines', holder))) {
      out.skip('machines', id, m.positionTaken(value.position));
      continue;
    }
    const fields = {
      name: value.name,
      position: value.position,
      isActive: value.isActive,
      branchId,
      cityId: branch.cityId,
    };
    const current = byId.get(mapped ?? holder ?? '');
    if (current) {
      // As the Salas screen refuses it (rooms.service): a room with sessions ahead stays in its branch.
      if (current.branchId !== branchId && (await repo.roomHasSessionsAfter(tx, current.id, now))) {
        out.skip('machines', id, m.roomHasSessions);
        continue;
      }
      if (!mapped) ids.remember('machines', id, current.id);
      const diff = changes(current, fields);
      if (diff) {
        await repo.updateRoom(tx, current.id, diff);
        bySeat.delete(seat(current.branchId, current.position));
        bySeat.set(seat(branchId, value.position), current.id);
      }
      info.set(current.id, { branchId, cityId: branch.cityId });
      out.add('machines', diff ? 'updated' : 'unchanged');
      continue;
    }
    const row = { id: newId(), ...fields };
    inserts.push(row);
    bySeat.set(seat(branchId, value.position), row.id);
    info.set(row.id, { branchId, cityId: branch.cityId });
    ids.remember('machines', id, row.id);
    out.add('machines', 'imported');
  }
  await repo.insertRooms(tx, inserts);
  return info;
}

type ProductInfo = Map<string, { name: string; priceCents: number }>;

async function importProducts(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  out: ReportBuilder,
): Promise<ProductInfo> {
  const existing = await repo.allProducts(tx);
  ids.keepOnly('products', existing);
  const info: ProductInfo = new Map(existing.map((p) => [p.id, { name: p.name, priceCents: p.priceCents }]));
  const byId = new Map(existing.map((p) => [p.id, p]));
  const inserts: Parameters<typeof repo.insertProducts>[1] = [];
  for (const { id, value } of readAll('products', entries, readProduct, out)) {
    const mapped = ids.map('products', id);
    const current = mapped ? byId.get(mapped) : undefined;
    if (current) {
      const diff = changes(current, value);
      if (diff) await repo.updateProduct(tx, current.id, diff);
      info.set(current.id, { name: value.name, priceCents: value.priceCents });
      out.add('products', diff ? 'updated' : 'unchanged');
      continue;
    }
    const row = { id: newId(), ...value };
    inserts.push(row);
    info.set(row.id, { name: value.name, priceCents: value.priceCents });
    ids.remember('products', id, row.id);
    out.add('products', 'imported');
  }
  await repo.insertProducts(tx, inserts);
  return info;
}

/** What an account's password becomes: the Firebase hash (checked at its first login), or none yet. */
const passwordOf = (hash: FirebaseHashParameters, auth: AuthRecord | undefined) =>
  auth?.passwordHash && auth.salt
    ? firebaseHashString(hash, { passwordHash: auth.passwordHash, salt: auth.salt })
    : `!import-${newId()}`;

async function importUsers(
  tx: Tx,
  input: { docs: Entry[]; auth: unknown; hash: FirebaseHashParameters; now: Date },
  ids: Mapped,
  out: ReportBuilder,
) {
  // The accounts of Firebase Authentication, by uid (= the users document's id).
  const authList = isDoc(input.auth) && Array.isArray(input.auth.users) ? input.auth.users : [];
  const accounts = new Map<string, AuthRecord>();
  out.collection('users');
  out.collection('auth');
  for (const raw of authList) {
    out.add('auth', 'read');
    const read = readAuthUser(raw);
    if (!read.ok) out.skip('auth', isDoc(raw) ? String(raw.localId ?? '?') : '?', read.reason);
    else accounts.set(read.value.localId, read.value);
  }

  const existing = await repo.allAccounts(tx);
  ids.keepOnly('users', existing);
  const byId = new Map(existing.map((u) => [u.id, u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  const lastCredits = await repo.importedCredits(tx, SOURCE);
  const docIds = new Set(input.docs.map((entry) => entry.id));
  const keptEmail = new Map<string, string>();
  const inserts: Parameters<typeof repo.insertAccounts>[1] = [];
  const authOutcome = new Map<string, 'imported' | 'updated' | 'unchanged'>();

  // When two documents share an e-mail, the one whose Firebase account has that e-mail is the person's.
  const read = readAll('users', input.docs, readUser, out);
  const own = (entry: (typeof read)[number]) => accounts.get(entry.id)?.email === entry.value.email;
  read.sort((a, b) => Number(own(b)) - Number(own(a)));
  for (const { id, value } of read) {
    const listed = accounts.get(id);
    // The password belongs to the Firebase account's e-mail: given to a document with another e-mail it would let
    // that account's owner into somebody else's (docs/decisions/029).
    const mismatch = Boolean(listed?.email && listed.email !== value.email);
    if (mismatch) out.warn('users', id, m.authEmailDiffers(listed?.email as string));
    const auth = mismatch && listed ? { ...listed, passwordHash: null, salt: null } : listed;
    const user: UserRecord = auth?.disabled ? { ...value, isActive: false } : value;
    if (auth?.disabled && value.isActive) out.warn('users', id, m.disabledInFirebase);
    const earlier = keptEmail.get(user.email);
    if (earlier) {
      out.skip('users', id, m.duplicateEmail(earlier));
      continue;
    }
    const mapped = ids.map('users', id);
    const current = mapped ? byId.get(mapped) : undefined;
    const holder = byEmail.get(user.email);
    if (!current && holder) {
      // Never take over an account that lives here already (docs/decisions/029).
      out.skip('users', id, m.emailInUse);
      continue;
    }
    keptEmail.set(user.email, id);
    if (!auth?.passwordHash && !mismatch) out.warn('users', id, m.noPassword);
    const fields = {
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      isActive: user.isActive,
    };
    if (current?.closedAt) {
      // Closed by its owner (and maybe suppressed): an import never brings an account back (ARCO, decision 018).
      out.add('users', 'unchanged');
      authOutcome.set(id, 'unchanged');
      continue;
    }
    if (current) {
      const diff = changes(
        current,
        holder && holder.id !== current.id ? { ...fields, email: current.email } : fields,
      );
      const password = passwordOf(input.hash, auth);
      // A password still waiting for its first login follows the export; one already ours stays.
      const newPassword =
        isForeignHash(current.passwordHash) || current.passwordHash.startsWith('!import-')
          ? !password.startsWith('!') && password !== current.passwordHash
            ? password
            : undefined
          : undefined;
      if (diff || newPassword) {
        await repo.updateAccount(tx, current.id, {
          ...diff,
          ...(newPassword ? { passwordHash: newPassword } : {}),
        });
      }
      const moved = await reconcileImportedBalance(tx, {
        userId: current.id,
        target: user.credits,
        last: lastCredits.get(current.id) ?? 0,
        note: IMPORT_NOTE,
        now: input.now,
      });
      if (moved.short > 0) out.warn('users', id, m.balanceShort(moved.short));
      if (user.credits !== lastCredits.get(current.id)) {
        await repo.setImportedCredits(
          tx,
          { source: SOURCE, collection: 'users', newId: current.id },
          user.credits,
        );
      }
      out.add('users', diff || newPassword || moved.delta !== 0 ? 'updated' : 'unchanged');
      authOutcome.set(id, newPassword ? 'updated' : 'unchanged');
      continue;
    }
    const newUserId = newId();
    const createdAt = user.createdAt ?? input.now;
    inserts.push({
      id: newUserId,
      ...fields,
      credits: user.credits,
      passwordHash: passwordOf(input.hash, auth),
      createdAt,
      updatedAt: input.now,
    });
    byEmail.set(user.email, {
      ...fields,
      id: newUserId,
      credits: user.credits,
      passwordHash: '',
      closedAt: null,
    });
    ids.remember('users', id, newUserId, user.credits);
    out.add('users', 'imported');
    authOutcome.set(id, 'imported');
  }
  await repo.insertAccounts(tx, inserts, { note: IMPORT_NOTE, at: input.now });

  // Each account of Firebase Authentication follows its users document; one without a document is no client.
  for (const localId of accounts.keys()) {
    const outcome = authOutcome.get(localId);
    if (!docIds.has(localId)) out.skip('auth', localId, m.authWithoutUser);
    else if (!outcome) out.skip('auth', localId, m.userSkipped);
    else out.add('auth', outcome);
  }
}

/** The stored courtesy name carries the spec's prefix; the export's may or may not. */
const courtesyName = (name: string) =>
  name.startsWith(COURTESY_PREFIX) ? name : `${COURTESY_PREFIX}${name}`;

async function importSessions(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  rooms: RoomInfo,
  branches: BranchInfo,
  out: ReportBuilder,
  now: Date,
) {
  const active = await repo.activeSessions(tx);
  const known = await repo.sessionsByIds(tx, ids.all('sessions'));
  ids.keepOnly('sessions', known);
  const byId = new Map(known.map((s) => [s.id, s]));
  const roomHour = (roomId: string, at: Date) => `${roomId}|${at.getTime()}`;
  const heldRooms = new Set(active.map((s) => roomHour(s.roomId, s.startsAt)));
  const heldClients = new Set(
    active.filter((s) => s.userId).map((s) => roomHour(s.userId as string, s.startsAt)),
  );
  const inserts: Parameters<typeof repo.insertSessions>[1] = [];
  for (const { id, value } of readAll('sessions', entries, readSession, out)) {
    const roomId = ids.map('machines', value.roomId);
    const room = roomId ? rooms.get(roomId) : undefined;
    if (!roomId || !room) {
      out.skip('sessions', id, m.missingRoom);
      continue;
    }
    const userId = value.userId === null ? null : ids.map('users', value.userId);
    if (value.userId !== null && !userId) {
      out.skip('sessions', id, m.missingUser);
      continue;
    }
    const mapped = ids.map('sessions', id);
    if (mapped) {
      const current = byId.get(mapped);
      // Cancelled here since: what happened here stands.
      if (
        !current ||
        current.cancelledAt ||
        (current.roomId === roomId && current.startsAt.getTime() === value.startsAt.getTime())
      ) {
        out.add('sessions', 'unchanged');
        continue;
      }
      if (heldRooms.has(roomHour(roomId, value.startsAt))) {
        out.skip('sessions', id, m.sessionTaken);
        continue;
      }
      const movedHour = current.startsAt.getTime() !== value.startsAt.getTime();
      if (current.userId && movedHour && heldClients.has(roomHour(current.userId, value.startsAt))) {
        out.skip('sessions', id, m.clientTwice);
        continue;
      }
      heldRooms.delete(roomHour(current.roomId, current.startsAt));
      heldRooms.add(roomHour(roomId, value.startsAt));
      if (current.userId && movedHour) {
        heldClients.delete(roomHour(current.userId, current.startsAt));
        heldClients.add(roomHour(current.userId, value.startsAt));
      }
      await repo.moveSession(tx, current.id, {
        roomId,
        branchId: room.branchId,
        cityId: room.cityId,
        startsAt: value.startsAt,
      });
      out.add('sessions', 'updated');
      continue;
    }
    if (heldRooms.has(roomHour(roomId, value.startsAt))) {
      out.skip('sessions', id, m.sessionTaken);
      continue;
    }
    if (userId && heldClients.has(roomHour(userId, value.startsAt))) {
      out.skip('sessions', id, m.clientTwice);
      continue;
    }
    heldRooms.add(roomHour(roomId, value.startsAt));
    if (userId) heldClients.add(roomHour(userId, value.startsAt));
    const row = {
      id: newId(),
      userId,
      roomId,
      branchId: room.branchId,
      cityId: room.cityId,
      startsAt: value.startsAt,
      // What it costs is the branch's session cost, so a cancel refunds it like any other (design §12).
      creditsCharged: userId ? (branches.get(room.branchId)?.sessionCost ?? 1) : 0,
      isCourtesy: userId === null,
      courtesyName: value.courtesyName === null ? null : courtesyName(value.courtesyName),
      // A session of the past needs no reminder; one ahead gets the usual one.
      createdAt: value.createdAt ?? now,
    };
    inserts.push(row);
    ids.remember('sessions', id, row.id);
    out.add('sessions', 'imported');
  }
  await repo.insertSessions(tx, inserts);
}

async function importDayBlocks(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  branches: BranchInfo,
  out: ReportBuilder,
) {
  const existing = await repo.allDayBlocks(tx);
  ids.keepOnly('blocked', existing);
  const key = (branchId: string, date: string, hour: string | null) => `${branchId}|${date}|${hour ?? ''}`;
  const held = new Set(existing.map((b) => key(b.branchId, b.date, b.hour)));
  const inserts: Parameters<typeof repo.insertDayBlocks>[1] = [];
  for (const { id, value } of readAll('blocked', entries, readBlocked, out)) {
    const branchId = ids.map('branches', value.branchId);
    const branch = branchId ? branches.get(branchId) : undefined;
    if (!branchId || !branch) {
      out.skip('blocked', id, m.missingBranch);
      continue;
    }
    if (ids.map('blocked', id)) {
      out.add('blocked', 'unchanged');
      continue;
    }
    if (held.has(key(branchId, value.date, value.hour))) {
      out.skip('blocked', id, m.blockRepeated);
      continue;
    }
    held.add(key(branchId, value.date, value.hour));
    const row = {
      id: newId(),
      branchId,
      cityId: branch.cityId,
      date: value.date,
      hour: value.hour,
      isHourBlocked: value.hour !== null,
    };
    inserts.push(row);
    ids.remember('blocked', id, row.id);
    out.add('blocked', 'imported');
  }
  await repo.insertDayBlocks(tx, inserts);
}

async function importRoomBlocks(tx: Tx, entries: Entry[], ids: Mapped, rooms: RoomInfo, out: ReportBuilder) {
  const existing = await repo.allRoomBlocks(tx);
  ids.keepOnly('blockedRoom', existing);
  const key = (roomId: string, at: Date) => `${roomId}|${at.getTime()}`;
  const held = new Set(existing.map((b) => key(b.roomId, b.startsAt)));
  const inserts: Parameters<typeof repo.insertRoomBlocks>[1] = [];
  for (const { id, value } of readAll('blockedRoom', entries, readBlockedRoom, out)) {
    const roomId = ids.map('machines', value.roomId);
    const room = roomId ? rooms.get(roomId) : undefined;
    if (!roomId || !room) {
      out.skip('blockedRoom', id, m.missingRoom);
      continue;
    }
    if (ids.map('blockedRoom', id)) {
      out.add('blockedRoom', 'unchanged');
      continue;
    }
    if (held.has(key(roomId, value.startsAt))) {
      out.skip('blockedRoom', id, m.roomBlockRepeated);
      continue;
    }
    held.add(key(roomId, value.startsAt));
    const row = {
      id: newId(),
      roomId,
      branchId: room.branchId,
      cityId: room.cityId,
      startsAt: value.startsAt,
    };
    inserts.push(row);
    ids.remember('blockedRoom', id, row.id);
    out.add('blockedRoom', 'imported');
  }
  await repo.insertRoomBlocks(tx, inserts);
}

/** How an order's money was paid, by method (the corte adds these up). */
function paidBy(method: 'cash' | 'card' | 'transfer', totalCents: number) {
  return {
    paidCashCents: method === 'cash' ? totalCents : 0,
    paidCardCents: method === 'card' ? totalCents : 0,
    paidTransferCents: method === 'transfer' ? totalCents : 0,
  };
}

async function importOrders(
  tx: Tx,
  entries: Entry[],
  ids: Mapped,
  products: ProductInfo,
  out: ReportBuilder,
) {
  const read = readAll('orders', entries, readOrder, out);
  const found = await repo.ordersByIds(tx, ids.all('orders'));
  ids.keepOnly('orders', found);
  const existing = new Map(found.map((o) => [o.id, o]));
  const inserts: Parameters<typeof repo.insertOrders>[1] = [];
  const items: Parameters<typeof repo.insertOrderItems>[1] = [];
  for (const { id, value } of read) {
    const mapped = ids.map('orders', id);
    const current = mapped ? existing.get(mapped) : undefined;
    if (current) {
      // The old app's only change to an order: a cancel.
      if (current.status === 'completed' && value.status === 'cancelled') {
        await repo.markOrderCancelled(tx, current.id, value.updatedAt ?? value.createdAt);
        out.add('orders', 'updated');
      } else out.add('orders', 'unchanged');
      continue;
    }
    let userId = value.userId ? (ids.map('users', value.userId) ?? null) : null;
    if (!userId && !value.isPos) {
      out.skip('orders', id, m.onlineWithoutClient);
      continue;
    }
    if (!userId && value.userId) out.warn('orders', id, m.posWithoutClient);
    if (!value.userId) userId = null;
    const orderId = newId();
    for (const line of groupProductIds(value.productIds)) {
      const productId = ids.map('products', line.productId);
      const product = productId ? products.get(productId) : undefined;
      if (!productId || !product) {
        out.warn('orders', id, m.unknownProduct(line.productId));
        continue;
      }
      // History: the credits were granted by the old app, and are in the imported balance (design §12).
      items.push({
        id: newId(),
        orderId,
        productId,
        name: product.name,
        unitPriceCents: product.priceCents,
        quantity: line.quantity,
        creditsGranted: 0,
      });
    }
    inserts.push({
      id: orderId,
      userId,
      branchId: ids.map('branches', value.branchId) ?? null,
      totalCents: value.totalCents,
      isPos: value.isPos,
      method: value.method,
      status: value.status,
      cashierName: value.cashierName,
      ...paidBy(value.method, value.totalCents),
      paidAt: value.createdAt,
      cancelledAt: value.status === 'cancelled' ? (value.updatedAt ?? value.createdAt) : null,
      createdAt: value.createdAt,
      updatedAt: value.updatedAt ?? value.createdAt,
    });
    ids.remember('orders', id, orderId);
    out.add('orders', 'imported');
  }
  await repo.insertOrders(tx, inserts);
  await repo.insertOrderItems(tx, items);
}

async function importCosts(tx: Tx, entries: Entry[], ids: Mapped, out: ReportBuilder, now: Date) {
  const read = readAll('costs', entries, readCost, out);
  const found = await repo.costsByIds(tx, ids.all('costs'));
  ids.keepOnly('costs', found);
  const existing = new Map(found.map((c) => [c.id, c]));
  const inserts: Parameters<typeof repo.insertCosts>[1] = [];
  for (const { id, value } of read) {
    const fields = {
      name: value.name,
      description: value.description,
      totalCents: value.totalCents,
      addedByName: value.addedBy,
      // The old app wrote one fixed value here (spec §3): a branch when it is one, none otherwise.
      branchId: ids.map('branches', value.branchId) ?? null,
      date: value.date,
    };
    const mapped = ids.map('costs', id);
    const current = mapped ? existing.get(mapped) : undefined;
    if (current) {
      const diff = changes(current, fields);
      if (diff) await repo.updateCost(tx, current.id, diff);
      out.add('costs', diff ? 'updated' : 'unchanged');
      continue;
    }
    const row = { id: newId(), ...fields, createdAt: value.createdAt ?? now };
    inserts.push(row);
    ids.remember('costs', id, row.id);
    out.add('costs', 'imported');
  }
  await repo.insertCosts(tx, inserts);
}

/**
 * Rows earlier runs made whose record is no longer in the export, as new id → old id. None when the export has
 * no such collection at all (a partial export removes nothing).
 */
function goneSince(
  entries: Entry[] | null,
  newIds: string[],
  oldIdOf: Map<string, string>,
): Map<string, string> {
  const gone = new Map<string, string>();
  if (!entries) return gone;
  const present = new Set(entries.map((entry) => entry.id));
  for (const newId of newIds) {
    const oldId = oldIdOf.get(newId);
    if (oldId !== undefined && !present.has(oldId)) gone.set(newId, oldId);
  }
  return gone;
}

/**
 * The old app deletes what it cancels: a session cancelled there (its credits already back in the balance the
 * file brings), a block removed, an expense deleted. Here a future session is cancelled (kept as history, no ledger
 * row: the refund is in the imported balance), a future block is removed, the expense is deleted. What is past
 * stays as it was imported.
 */
async function endWhatIsGone(
  tx: Tx,
  gone: Record<'sessions' | 'blocked' | 'blockedRoom' | 'costs', Map<string, string>>,
  now: Date,
  out: ReportBuilder,
) {
  const ended = (collection: TImportCollection, ids: string[], reason: string) => {
    const oldIdOf = gone[collection as keyof typeof gone];
    for (const id of ids) {
      out.add(collection, 'updated');
      out.warn(collection, oldIdOf.get(id) ?? id, reason);
    }
  };
  ended('sessions', await repo.cancelFutureSessions(tx, [...gone.sessions.keys()], now), m.goneSession);
  ended(
    'blocked',
    await repo.deleteFutureDayBlocks(tx, [...gone.blocked.keys()], businessDate(now)),
    m.goneBlock,
  );
  ended('blockedRoom', await repo.deleteFutureRoomBlocks(tx, [...gone.blockedRoom.keys()], now), m.goneBlock);
  ended('costs', await repo.deleteCosts(tx, [...gone.costs.keys()]), m.goneCost);
}
