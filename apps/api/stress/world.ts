// The stress run's data (run.ts): the people with their credits and sessions, a branch of 10 rooms, the products and
// the slots the storms fight over. Seeded in the run's own process on PostgreSQL, and in a process of its own on
// PGlite (seed-pglite.ts).
import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '@sala/db/client';
import { createBranch, createProduct, createRoom } from '@sala/db/factories/factories';
import { hashPassword } from '@sala/db/password';
import { authSessions } from '@sala/db/schema/auth';
import { creditLedger, creditLots } from '@sala/db/schema/ledger';
import { users } from '@sala/db/schema/users';
import { bookingWindow, hoursOn } from '@sala/shared/bookings/availability';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { hashToken, newToken } from '../src/lib/tokens';

export type Slot = { branchId: string; roomId: string; date: string; hour: string };
export type World = {
  clients: { id: string; cookie: string }[];
  boss: string;
  branchId: string;
  /** Few slots (the booking storms fight over them) and many (the money storm spreads over them). */
  crowded: Slot[];
  wide: Slot[];
  /**
   * The booking made once the mail server is back (phase 4): a client and an hour no storm touches, so it is booked
   * and its e-mail sent whatever the storms before it left.
   */
  backAgain: { client: { id: string; cookie: string }; slot: Slot };
  digitalProduct: string;
  posProduct: string;
};

export async function seed({ db }: DatabaseHandle, clientCount: number): Promise<World> {
  const passwordHash = await hashPassword('estres1234');
  // The super admin, the storms' clients and the one of phase 4's booking once the mail server is back.
  const people = Array.from({ length: clientCount + 2 }, (_, i) => ({
    id: randomUUID(),
    name: i === 0 ? 'Dirección Estrés' : `Cliente Estrés ${i}`,
    email: `estres${i}@stress.test`,
    phone: '5500000000',
    role: i === 0 ? ('superadmin' as const) : ('user' as const),
    isActive: true,
    credits: i === 0 ? 0 : 20,
    passwordHash,
  }));
  await db.insert(users).values(people);
  await db.insert(creditLedger).values(
    people
      .filter((p) => p.credits > 0)
      .map((p) => ({
        userId: p.id,
        delta: p.credits,
        balanceAfter: p.credits,
        reason: 'adjustment' as const,
      })),
  );
  // Issue 44: each client's 20 credits in two lots, 8 that end in 30 days and 12 that never do, so bookings and
  // cancels move credits across lots.
  const soon = addDays(businessDate(new Date()), 30);
  await db.insert(creditLots).values(
    people
      .filter((p) => p.credits > 0)
      .flatMap((p) => [
        { userId: p.id, credits: 8, remaining: 8, expiresOn: soon, source: 'adjustment' as const },
        {
          userId: p.id,
          credits: p.credits - 8,
          remaining: p.credits - 8,
          expiresOn: null,
          source: 'adjustment' as const,
        },
      ]),
  );
  const tokens = people.map(() => newToken());
  await db.insert(authSessions).values(
    people.map((p, i) => ({
      tokenHash: hashToken(tokens[i]!),
      userId: p.id,
      persistent: true,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  const branch = await createBranch(db, { name: 'Sucursal Estrés', schedule: DEFAULT_WEEKLY_SCHEDULE });
  const rooms: { id: string }[] = [];
  for (let position = 1; position <= 10; position++)
    rooms.push(await createRoom(db, { branchId: branch.id, cityId: branch.cityId, position }));
  // From the day after tomorrow: a client may cancel (more than 24 h ahead), and no hour passes during the run.
  const dates = bookingWindow({ now: new Date() })
    .slice(2)
    .filter((date) => hoursOn(DEFAULT_WEEKLY_SCHEDULE, date).length > 0);
  const slotsOn = (date: string, roomCount: number) =>
    hoursOn(DEFAULT_WEEKLY_SCHEDULE, date).flatMap((hour) =>
      rooms.slice(0, roomCount).map((room) => ({ branchId: branch.id, roomId: room.id, date, hour })),
    );
  const digital = await createProduct(db, {
    priceCents: 150_000,
    credits: 5,
    extra: 1,
    isDigital: true,
    validityDays: 60,
  });
  const pos = await createProduct(db, { priceCents: 60_000, credits: 2, extra: 0, isDigital: false });
  const clients = people.map((p, i) => ({ id: p.id, cookie: `sala_session=${tokens[i]}` }));
  const wide = dates.slice(1).flatMap((date) => slotsOn(date, 10));
  return {
    clients: clients.slice(1, -1),
    boss: clients[0]!.cookie,
    branchId: branch.id,
    crowded: slotsOn(dates[0]!, 3).slice(0, 30),
    backAgain: { client: clients.at(-1)!, slot: wide.pop()! },
    wide,
    digitalProduct: digital.id,
    posProduct: pos.id,
  };
}
