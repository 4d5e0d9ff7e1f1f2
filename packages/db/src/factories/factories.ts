import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { DEFAULT_WEEKLY_SCHEDULE, type WeeklySchedule } from '@sala/shared/locations/schedule';
import type { DbOrTx } from '../client';
import { dayBlocks, roomBlocks } from '../schema/blocks';
import { costs, orderItems, orders, products } from '../schema/commerce';
import { creditLedger, creditLots } from '../schema/ledger';
import { branches, cities, rooms } from '../schema/locations';
import { roomSessions } from '../schema/sessions';
import { type UserRole, users } from '../schema/users';

/** Test data with unique values, so tests never depend on each other's rows. */
const unique = () => randomUUID().slice(0, 8);
/** Names may hold letters only (see personNameField), so ids become letters: 0→a … f→p. */
const letters = (id: string) =>
  id.replace(/[0-9a-f]/g, (c) => String.fromCharCode(97 + Number.parseInt(c, 16)));

let cachedHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = 'secreto123';
/**
 * Every factory user shares one argon2id hash of FACTORY_PASSWORD, made with the algorithm's smallest cost: a login
 * verifies it as any other (the cost is read from the hash), without the OWASP cost of a real account (19 MiB,
 * 2 passes), which made the suites that log in hundreds of times wait on argon2. What the app stores for a real
 * password is proven where it hashes one (auth.test.ts).
 */
const factoryHash = () => {
  cachedHash ??= hash(FACTORY_PASSWORD, { memoryCost: 64, timeCost: 1, parallelism: 1 });
  return cachedHash;
};

export async function createUser(
  db: DbOrTx,
  overrides: Partial<{
    name: string;
    email: string;
    phone: string;
    role: UserRole;
    isActive: boolean;
    credits: number;
  }> = {},
) {
  const id = unique();
  const credits = overrides.credits ?? 0;
  const [user] = await db
    .insert(users)
    .values({
      name: overrides.name ?? `Usuario ${letters(id)}`,
      email: overrides.email ?? `usuario-${id}@example.test`,
      phone: overrides.phone ?? '5500000000',
      role: overrides.role ?? 'user',
      isActive: overrides.isActive ?? true,
      credits,
      passwordHash: await factoryHash(),
    })
    .returning();
  if (credits > 0) {
    await db.insert(creditLedger).values({
      userId: user!.id,
      delta: credits,
      balanceAfter: credits,
      reason: 'adjustment',
      note: 'factory',
    });
    // Issue 44: every credit belongs to a lot; a factory's never expire.
    await db.insert(creditLots).values({
      userId: user!.id,
      credits,
      remaining: credits,
      expiresOn: null,
      source: 'adjustment',
    });
  }
  return user!;
}

export async function createCity(db: DbOrTx, overrides: Partial<{ name: string }> = {}) {
  const [city] = await db
    .insert(cities)
    .values({ name: overrides.name ?? `Ciudad ${unique()}` })
    .returning();
  return city!;
}

export async function createBranch(
  db: DbOrTx,
  overrides: Partial<{
    name: string;
    cityId: string;
    sessionCost: number;
    standingWeeksMax: number;
    schedule: WeeklySchedule;
    address: string;
    phone: string;
    whatsapp: string | null;
    mapUrl: string | null;
    description: string;
  }> = {},
) {
  const cityId = overrides.cityId ?? (await createCity(db)).id;
  const [branch] = await db
    .insert(branches)
    .values({
      address: 'Calle Falsa 123, Col. Centro',
      phone: '5500000000',
      description: 'Sucursal de prueba.',
      ...overrides,
      name: overrides.name ?? `Sucursal ${unique()}`,
      cityId,
      sessionCost: overrides.sessionCost ?? 1,
      schedule: overrides.schedule ?? DEFAULT_WEEKLY_SCHEDULE,
    })
    .returning();
  return branch!;
}

export async function createRoom(
  db: DbOrTx,
  overrides: Partial<{ branchId: string; cityId: string; position: number; isActive: boolean }> = {},
) {
  const branch = overrides.branchId
    ? { id: overrides.branchId, cityId: overrides.cityId! }
    : await createBranch(db, overrides.cityId ? { cityId: overrides.cityId } : {});
  const position = overrides.position ?? 1;
  const [room] = await db
    .insert(rooms)
    .values({
      name: `Sala ${position}`,
      position,
      branchId: branch.id,
      cityId: branch.cityId,
      isActive: overrides.isActive ?? true,
    })
    .returning();
  return room!;
}

export async function createProduct(
  db: DbOrTx,
  overrides: Partial<{
    name: string;
    description: string;
    priceCents: number;
    credits: number;
    extra: number;
    isDigital: boolean;
    isService: boolean;
    isActive: boolean;
    validityDays: number | null;
  }> = {},
) {
  const [product] = await db
    .insert(products)
    .values({
      name: overrides.name ?? `Producto ${unique()}`,
      description: overrides.description ?? 'Descripción de prueba',
      priceCents: overrides.priceCents ?? 100_000,
      credits: overrides.credits ?? 5,
      extra: overrides.extra ?? 0,
      isDigital: overrides.isDigital ?? true,
      isService: overrides.isService ?? false,
      isActive: overrides.isActive ?? true,
      validityDays: overrides.validityDays ?? null,
    })
    .returning();
  return product!;
}

/** An active (or cancelled) session of a client in a room; the room gives its branch and zone. */
export async function createSession(
  db: DbOrTx,
  room: { id: string; branchId: string; cityId: string },
  overrides: Partial<{
    userId: string | null;
    startsAt: Date;
    creditsCharged: number;
    isCourtesy: boolean;
    courtesyName: string;
    cancelledAt: Date | null;
    /** When it was booked (the reminder rule looks at how far ahead). */
    createdAt: Date;
  }> = {},
) {
  const isCourtesy = overrides.isCourtesy ?? false;
  const userId = isCourtesy ? null : (overrides.userId ?? (await createUser(db)).id);
  const [session] = await db
    .insert(roomSessions)
    .values({
      userId,
      roomId: room.id,
      branchId: room.branchId,
      cityId: room.cityId,
      startsAt: overrides.startsAt ?? new Date(Date.now() + 2 * 86_400_000),
      creditsCharged: overrides.creditsCharged ?? (isCourtesy ? 0 : 1),
      isCourtesy,
      courtesyName: isCourtesy ? (overrides.courtesyName ?? 'Sesion de prueba - Visitante') : null,
      cancelledAt: overrides.cancelledAt ?? null,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return session!;
}

export async function createDayBlock(
  db: DbOrTx,
  branch: { id: string; cityId: string },
  date: string,
  hour: string | null = null,
) {
  const [block] = await db
    .insert(dayBlocks)
    .values({ branchId: branch.id, cityId: branch.cityId, date, hour, isHourBlocked: hour !== null })
    .returning();
  return block!;
}

export async function createRoomBlock(
  db: DbOrTx,
  room: { id: string; branchId: string; cityId: string },
  startsAt: Date,
) {
  const [block] = await db
    .insert(roomBlocks)
    .values({ roomId: room.id, branchId: room.branchId, cityId: room.cityId, startsAt })
    .returning();
  return block!;
}

/**
 * A completed point-of-sale order of one line (a client, a branch and a product of their own unless given), paid in
 * cash unless told. The client's credits are not touched: tests that need them move them through the API.
 */
export async function createOrder(
  db: DbOrTx,
  overrides: Partial<{
    userId: string;
    branchId: string | null;
    totalCents: number;
    isPos: boolean;
    status: 'completed' | 'cancelled' | 'pending';
    paidCashCents: number;
    paidCardCents: number;
    paidTransferCents: number;
    changeCents: number;
    creditsGranted: number;
    paymentRef: string;
    createdAt: Date;
    /** Its one line: the product's name and units (the total is their price). */
    itemName: string;
    quantity: number;
  }> = {},
) {
  const userId = overrides.userId ?? (await createUser(db)).id;
  const branchId = overrides.branchId === undefined ? (await createBranch(db)).id : overrides.branchId;
  const totalCents = overrides.totalCents ?? 50_000;
  const cash =
    overrides.paidCashCents ?? (overrides.paidCardCents || overrides.paidTransferCents ? 0 : totalCents);
  const [order] = await db
    .insert(orders)
    .values({
      userId,
      branchId,
      totalCents,
      isPos: overrides.isPos ?? true,
      method: cash > 0 ? 'cash' : overrides.paidCardCents ? 'card' : 'transfer',
      status: overrides.status ?? 'completed',
      cashierName: overrides.isPos === false ? 'Tienda en linea' : 'Cajero de prueba',
      paidCashCents: cash,
      paidCardCents: overrides.paidCardCents ?? 0,
      paidTransferCents: overrides.paidTransferCents ?? 0,
      changeCents: overrides.changeCents ?? 0,
      paymentRef: overrides.paymentRef,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  await db.insert(orderItems).values({
    orderId: order!.id,
    name: overrides.itemName ?? `Producto ${unique()}`,
    unitPriceCents: Math.round(totalCents / (overrides.quantity ?? 1)),
    quantity: overrides.quantity ?? 1,
    creditsGranted: overrides.creditsGranted ?? 0,
  });
  return order!;
}

/** An expense of a branch (its own unless given) on a business date (today's UTC date unless given). */
export async function createCost(
  db: DbOrTx,
  overrides: Partial<{
    name: string;
    totalCents: number;
    branchId: string;
    date: string;
    createdAt: Date;
  }> = {},
) {
  const [cost] = await db
    .insert(costs)
    .values({
      name: overrides.name ?? `Gasto ${letters(unique())}`,
      totalCents: overrides.totalCents ?? 10_000,
      addedByName: 'Super Admin',
      branchId: overrides.branchId ?? (await createBranch(db)).id,
      date: overrides.date ?? new Date().toISOString().slice(0, 10),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning();
  return cost!;
}
