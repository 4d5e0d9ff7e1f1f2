// A Firestore export and a Firebase Authentication export as the old app's tools write them (issue 41): the
// `firestore-export-import` package's JSON and `firebase auth:export --format=json`, with real Firebase scrypt
// hashes. Deterministic: the same options give the same files. Used by the import's tests and its bench.
import { firebaseScrypt } from '@sala/db/password';
import { DEFAULT_WEEKLY_SCHEDULE, hourSlots } from '@sala/shared/locations/schedule';
import { addDays, businessDate, businessInstant } from '@sala/shared/time/business-time';

/** A project's "password hash parameters" (the same shape the console shows), made for tests. */
export const TEST_HASH = {
  signerKey: Buffer.alloc(64, 'sala-comun-signer-key').toString('base64'),
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};
/** As the import command reads them. */
export const TEST_HASH_ENV = {
  FIREBASE_HASH_SIGNER_KEY: TEST_HASH.signerKey,
  FIREBASE_HASH_SALT_SEPARATOR: TEST_HASH.saltSeparator,
  FIREBASE_HASH_ROUNDS: String(TEST_HASH.rounds),
  FIREBASE_HASH_MEM_COST: String(TEST_HASH.memCost),
};

type Doc = Record<string, unknown>;
type AuthUser = Record<string, unknown>;

async function firebaseAccount(
  localId: string,
  email: string,
  password: string,
  saltText: string,
): Promise<AuthUser> {
  const salt = Buffer.from(saltText.padEnd(10, '.').slice(0, 10));
  const hash = await firebaseScrypt(password, {
    salt,
    separator: Buffer.from(TEST_HASH.saltSeparator, 'base64'),
    signerKey: Buffer.from(TEST_HASH.signerKey, 'base64'),
    rounds: TEST_HASH.rounds,
    memCost: TEST_HASH.memCost,
  });
  // What `firebase auth:export` writes: createdAt as a millisecond string, false fields left out.
  return {
    localId,
    email,
    emailVerified: true,
    passwordHash: hash.toString('base64'),
    salt: salt.toString('base64'),
    createdAt: '1735689600000',
    lastSignedInAt: '1764547200000',
    providerUserInfo: [{ providerId: 'password', rawId: email, email, federatedId: email }],
  };
}

const timestamp = (at: Date) => ({
  _seconds: Math.floor(at.getTime() / 1000),
  _nanoseconds: (at.getTime() % 1000) * 1e6,
});

const FIRST = ['Ana', 'Luis', 'María', 'José', 'Sofía', 'Carlos', 'Lucía', 'Jorge', 'Fernanda', 'Miguel'];
const LAST = [
  'Hernández',
  'García',
  'Martínez',
  'López',
  'González',
  'Pérez',
  'Rodríguez',
  'Sánchez',
  'Ramírez',
];
const clientName = (n: number) =>
  `${FIRST[n % FIRST.length]} ${LAST[(n * 7) % LAST.length]} ${LAST[(n * 3 + 1) % LAST.length]}`;
const pad = (n: number) => String(n).padStart(2, '0');

/** The small business of the tests: its export, its accounts, and the passwords its clients use. */
export async function smallBusinessExport(now: Date) {
  const today = businessDate(now);
  const at = (days: number, hour: string) => businessInstant(addDays(today, days), hour);
  /** The day of the orders and expenses (a week before `now`). */
  const salesDay = addDays(today, -7);
  const sale = (hour: string) => businessInstant(salesDay, hour).toISOString();

  const cities: Record<string, Doc> = {
    'c-cdmx': { name: 'Ciudad de México', createdAt: 1735689600000, updatedAt: 1735689600000 },
    'c-puebla': { name: 'Puebla', createdAt: timestamp(new Date('2025-02-01T12:00:00Z')) },
    'c-empty': {},
    'c-noname': { name: '  ' },
  };
  const branches: Record<string, Doc> = {
    'b-roma': { name: 'Roma', cityId: 'c-cdmx' },
    'b-condesa': { name: 'Condesa', cityId: 'c-cdmx' },
    'b-angelopolis': { name: 'Angelópolis', cityId: 'c-puebla' },
    'b-orphan': { name: 'Sin zona', cityId: 'c-none' },
  };
  const machines: Record<string, Doc> = {
    'm-roma-1': { name: 'Sala 1', cityId: 'c-cdmx', branchId: 'b-roma', position: 1, isActive: true },
    'm-roma-2': { name: 'Sala 2', cityId: 'c-cdmx', branchId: 'b-roma', position: 2, isActive: true },
    'm-roma-3': { name: 'Sala 3', cityId: 'c-cdmx', branchId: 'b-roma', position: 3, isActive: true },
    'm-condesa-1': { name: 'Sala 1', branchId: 'b-condesa', position: 1, isActive: true },
    'm-condesa-2': { name: 'Sala 2', branchId: 'b-condesa', position: 2, isActive: true },
    'm-angel-1': { name: 'Sala 1', branchId: 'b-angelopolis', position: 1, isActive: true },
    'm-angel-2': { name: 'Sala 2', branchId: 'b-angelopolis', position: 2, isActive: false },
    'm-bad-position': { name: 'Sala 11', branchId: 'b-roma', position: 11 },
    'm-orphan': { name: 'Sala 1', branchId: 'b-none', position: 1 },
    'm-same-position': { name: 'Sala 1 bis', branchId: 'b-roma', position: 1 },
  };
  const products: Record<string, Doc> = {
    'p-5': {
      name: '5 créditos',
      description: 'Paquete de 5 horas',
      price: 500,
      credits: 5,
      extra: 0,
      isDigital: true,
      isService: false,
      isActive: true,
    },
    'p-10': {
      name: '10 créditos',
      description: 'Paquete de 10 horas + 1',
      price: 900,
      credits: 10,
      extra: 1,
      isDigital: true,
      isActive: true,
    },
    'p-day': {
      name: 'Renta por día',
      description: 'Un consultorio todo el día',
      price: 1200,
      credits: 0,
      isDigital: true,
      isService: true,
      isActive: true,
    },
    'p-cafe': { name: 'Café', description: 'Americano', price: 35, isDigital: false, isActive: true },
    'p-agua': { name: 'Agua', description: '600 ml', price: 20, isDigital: false, isActive: true },
    'p-old': {
      name: 'Paquete viejo',
      description: '',
      price: 400,
      credits: 4,
      isDigital: true,
      isActive: false,
    },
    'p-bad': { name: 'Precio roto', price: -5, isDigital: false },
  };

  const users: Record<string, Doc> = {};
  const clients: { id: string; email: string; credits: number; isActive: boolean }[] = [];
  for (let n = 1; n <= 30; n += 1) {
    const id = `uid-c${pad(n)}`;
    const email = `cliente${pad(n)}@correo.mx`;
    const credits = n % 7;
    const isActive = n !== 30;
    users[id] = {
      id,
      name: clientName(n),
      email,
      phone: `55 1234 56${pad(n)}`,
      credits,
      isActive,
      isAdmin: false,
      isSuperAdmin: false,
      createdAt: timestamp(new Date(Date.UTC(2025, 0, n, 15))),
      updatedAt: Date.UTC(2025, 5, n, 15),
    };
    clients.push({ id, email, credits, isActive });
  }
  users['uid-c01'] = {
    ...users['uid-c01'],
    // Not part of the spec's data: reported, never imported.
    subCollection: {
      'users/uid-c01/notas': { n1: { texto: 'Prefiere la sala 1' }, n2: { texto: 'Paga en efectivo' } },
    },
  };
  Object.assign(users, {
    'uid-admin': {
      name: 'Laura Méndez',
      email: 'laura@consultorios.mx',
      phone: '5511112222',
      credits: 0,
      isActive: true,
      isAdmin: true,
      isSuperAdmin: false,
    },
    'uid-super': {
      name: 'Óscar Vidal',
      email: 'oscar@consultorios.mx',
      phone: '5533334444',
      credits: 0,
      isActive: true,
      isAdmin: true,
      isSuperAdmin: true,
    },
    'uid-bademail': {
      name: 'Sin Correo',
      email: 'no-es-correo',
      phone: '5500000000',
      credits: 2,
      isActive: true,
    },
    'uid-dup': {
      name: 'Cliente Repetido',
      email: 'CLIENTE02@correo.mx',
      phone: '5500000001',
      credits: 9,
      isActive: true,
    },
    'uid-negative': {
      name: 'Saldo Negativo',
      email: 'negativo@correo.mx',
      phone: '5500000002',
      credits: -3,
      isActive: true,
    },
    'uid-nopass': {
      name: 'Rosa Sin Cuenta',
      email: 'rosa@correo.mx',
      phone: '5500000003',
      credits: 4,
      isActive: true,
    },
    'uid-disabled': {
      name: 'Raúl Deshabilitado',
      email: 'raul@correo.mx',
      phone: '5500000004',
      credits: 1,
      isActive: true,
    },
    'uid-phone': {
      name: 'Teléfono Raro',
      email: 'telefono@correo.mx',
      phone: '123',
      credits: 0,
      isActive: true,
    },
  });

  // Every account has its own salt; c01 has its own password, the rest share one (fewer hashes to compute).
  const PASSWORD = 'Clave-compartida1';
  const OWN_PASSWORD = 'Clave-c01!';
  const shared = await firebaseAccount('shared', 'shared', PASSWORD, 'salt-shared');
  const authUsers: AuthUser[] = [];
  for (const [id, doc] of Object.entries(users)) {
    if (id === 'uid-nopass') continue;
    const email = String(doc.email).toLowerCase();
    if (id === 'uid-c01') authUsers.push(await firebaseAccount(id, email, OWN_PASSWORD, 'salt-c01'));
    else if (id === 'uid-c05')
      authUsers.push({ localId: id, email, createdAt: '1735689600000' }); // Google: no hash
    else
      authUsers.push({ ...shared, localId: id, email, ...(id === 'uid-disabled' ? { disabled: true } : {}) });
  }
  authUsers.push({ ...shared, localId: 'uid-ghost', email: 'fantasma@correo.mx' });

  const ms = (date: Date) => date.getTime();
  const sessions: Record<string, Doc> = {
    's-f1': {
      userId: 'uid-c01',
      machineId: 'm-roma-1',
      branchId: 'b-roma',
      cityId: 'c-cdmx',
      startTime: ms(at(1, '10:00')),
    },
    's-f2': {
      userId: 'uid-c02',
      machineId: 'm-roma-2',
      branchId: 'b-roma',
      cityId: 'c-cdmx',
      startTime: ms(at(1, '10:00')),
    },
    's-f3': {
      userId: 'uid-c03',
      machineId: 'm-condesa-1',
      branchId: 'b-condesa',
      startTime: timestamp(at(2, '12:00')),
    },
    's-f4': {
      userId: 'uid-c04',
      machineId: 'm-angel-1',
      branchId: 'b-angelopolis',
      startTime: ms(at(3, '09:00')),
    },
    's-f5': { userId: 'uid-c01', machineId: 'm-roma-1', branchId: 'b-roma', startTime: ms(at(4, '17:00')) },
    's-court1': {
      isCourtesy: true,
      courtesyName: 'Sesion de prueba - Ana Ruiz',
      machineId: 'm-roma-3',
      branchId: 'b-roma',
      startTime: ms(at(1, '10:00')),
    },
    's-court2': {
      isCourtesy: true,
      courtesyName: 'Pedro Gómez',
      machineId: 'm-condesa-2',
      branchId: 'b-condesa',
      startTime: ms(at(2, '12:00')),
    },
    's-collide': { userId: 'uid-c05', machineId: 'm-roma-1', startTime: ms(at(1, '10:00')) },
    's-twice': { userId: 'uid-c01', machineId: 'm-condesa-1', startTime: ms(at(1, '10:00')) },
    's-noroom': { userId: 'uid-c06', machineId: 'm-none', startTime: ms(at(1, '11:00')) },
    's-nouser': { userId: 'uid-none', machineId: 'm-roma-2', startTime: ms(at(1, '11:00')) },
    's-badtime': { userId: 'uid-c06', machineId: 'm-roma-2', startTime: 'mañana' },
    's-court-noname': { isCourtesy: true, machineId: 'm-roma-2', startTime: ms(at(1, '12:00')) },
    's-skipped-room': { userId: 'uid-c06', machineId: 'm-bad-position', startTime: ms(at(1, '13:00')) },
  };
  const rooms = ['m-roma-1', 'm-roma-2', 'm-roma-3'];
  for (let n = 1; n <= 20; n += 1) {
    // Twenty past sessions over ten days: (day, room) repeats only every 30, so none collide.
    sessions[`s-past-${pad(n)}`] = {
      userId: `uid-c${pad(n)}`,
      machineId: rooms[n % 3],
      branchId: 'b-roma',
      startTime: ms(at(-1 - (n % 10), `${pad(9 + Math.floor(n / 10))}:00`)),
      createdAt: ms(at(-20, '09:00')),
    };
  }

  const blocked: Record<string, Doc> = {
    'bl-day': { branchId: 'b-roma', cityId: 'c-cdmx', date: addDays(today, 3), isHourBlocked: false },
    'bl-hour': { branchId: 'b-condesa', date: addDays(today, 2), isHourBlocked: true, hour: '13:00' },
    'bl-dup': { branchId: 'b-condesa', date: addDays(today, 2), isHourBlocked: true, hour: '13:00' },
    'bl-baddate': { branchId: 'b-roma', date: 'ayer', isHourBlocked: false },
    'bl-nohour': { branchId: 'b-roma', date: addDays(today, 2), isHourBlocked: true },
    'bl-orphan': { branchId: 'b-none', date: addDays(today, 2), isHourBlocked: false },
  };
  const blockedRoom: Record<string, Doc> = {
    'br-1': { roomId: 'm-condesa-2', branchId: 'b-condesa', datetime: ms(at(4, '09:00')) },
    'br-2': { roomId: 'm-angel-1', branchId: 'b-angelopolis', datetime: timestamp(at(4, '10:00')) },
    'br-dup': { roomId: 'm-condesa-2', datetime: ms(at(4, '09:00')) },
    'br-orphan': { roomId: 'm-none', datetime: ms(at(4, '09:00')) },
    'br-bad': { roomId: 'm-roma-1', datetime: 'x' },
  };
  const order = (fields: Doc): Doc => ({
    isPos: true,
    status: 'completed',
    cashierName: 'Laura Méndez',
    branchId: 'b-roma',
    ...fields,
  });
  const orders: Record<string, Doc> = {
    'o-cash': order({
      userId: 'uid-c03',
      products: ['p-cafe', 'p-cafe', 'p-agua'],
      total: 90,
      method: 'cash',
      createdAt: sale('10:15'),
    }),
    'o-card': order({
      userId: 'uid-c04',
      products: ['p-10'],
      total: 900,
      method: 'card',
      createdAt: sale('11:00'),
    }),
    'o-transfer': order({
      userId: 'uid-c05',
      products: ['p-5'],
      total: 500,
      method: 'transfer',
      branchId: 'b-condesa',
      createdAt: sale('12:30'),
    }),
    'o-online': order({
      userId: 'uid-c06',
      products: ['p-10'],
      total: 900,
      method: 'card',
      isPos: false,
      cashierName: 'Tienda en linea',
      branchId: '',
      createdAt: sale('13:30'),
    }),
    'o-cancelled': order({
      userId: 'uid-c07',
      products: ['p-5'],
      total: 500,
      method: 'cash',
      status: 'cancelled',
      createdAt: sale('14:00'),
    }),
    'o-walkin': order({ products: ['p-agua'], total: 20, method: 'cash', createdAt: sale('15:00') }),
    'o-unknown-product': order({
      userId: 'uid-c08',
      products: ['p-cafe', 'p-gone'],
      total: 35,
      method: 'cash',
      createdAt: sale('16:00'),
    }),
    'o-pos-unknown-client': order({
      userId: 'uid-none',
      products: ['p-cafe'],
      total: 35,
      method: 'card',
      createdAt: sale('17:00'),
    }),
    'o-next-day': order({
      userId: 'uid-c09',
      products: ['p-5'],
      total: 500,
      method: 'card',
      isPos: false,
      cashierName: 'Tienda en linea',
      createdAt: businessInstant(addDays(salesDay, 1), '09:00').toISOString(),
    }),
    'o-pending': order({
      userId: 'uid-c03',
      products: ['p-5'],
      total: 500,
      method: 'card',
      status: 'pending',
      createdAt: sale('18:00'),
    }),
    'o-bitcoin': order({
      userId: 'uid-c03',
      products: ['p-5'],
      total: 500,
      method: 'bitcoin',
      createdAt: sale('18:00'),
    }),
    'o-online-nouser': order({
      userId: 'uid-none',
      products: ['p-5'],
      total: 500,
      method: 'card',
      isPos: false,
      createdAt: sale('18:00'),
    }),
    'o-badtotal': order({
      userId: 'uid-c03',
      products: ['p-5'],
      total: 'abc',
      method: 'cash',
      createdAt: sale('18:00'),
    }),
    'o-baddate': order({
      userId: 'uid-c03',
      products: ['p-5'],
      total: 500,
      method: 'cash',
      createdAt: 'nunca',
    }),
  };
  const costs: Record<string, Doc> = {
    'k-1': {
      name: 'Limpieza',
      total: 250,
      addedBy: 'Óscar Vidal',
      branchId: 'fixed-branch',
      date: sale('18:00'),
    },
    'k-2': {
      name: 'Papelería',
      description: 'Hojas y plumas',
      total: 120.5,
      addedBy: 'Laura Méndez',
      branchId: 'fixed-branch',
      date: salesDay,
    },
    'k-noname': { total: 100, addedBy: 'Laura Méndez', date: salesDay },
    'k-badtotal': { name: 'Luz', total: 'x', addedBy: 'Laura Méndez', date: salesDay },
  };

  return {
    firestore: {
      cities,
      branches,
      machines,
      products,
      users,
      sessions,
      blocked,
      blockedRoom,
      orders,
      costs,
      logs: { l1: { msg: 'x' } },
    },
    auth: { users: authUsers },
    passwords: { shared: PASSWORD, 'uid-c01': OWN_PASSWORD },
    clients,
    salesDay,
    /** What the corte of the sales day must say (the export's sums by method, in centavos). */
    salesDayTotals: {
      cashCents: 14_500,
      cardCents: 93_500,
      transferCents: 50_000,
      onlineCents: 90_000,
      expensesCents: 37_050,
      orders: 7,
      cancelledOrders: 1,
    },
  };
}

/**
 * A chain's year for the bench: `clients` accounts, `branches` branches of five rooms, a year of sessions (every
 * room busy about half the hours, half of them behind and half ahead), and orders. One hash for every account
 * (the bench times the import, not scrypt).
 */
export async function largeBusinessExport(
  now: Date,
  size: { clients: number; branches: number; days: number },
) {
  const today = businessDate(now);
  const shared = await firebaseAccount('shared', 'shared', 'Clave-compartida1', 'salt-shared');
  const firestore: Record<string, Record<string, Doc>> = {
    cities: { c1: { name: 'Ciudad de México' } },
    branches: {},
    machines: {},
    products: {
      p5: { name: '5 créditos', price: 500, credits: 5, isDigital: true, isActive: true },
      pcafe: { name: 'Café', price: 35, isDigital: false, isActive: true },
    },
    users: {},
    sessions: {},
    orders: {},
    blocked: {},
    blockedRoom: {},
    costs: {},
  };
  const authUsers: AuthUser[] = [];
  for (let n = 0; n < size.clients; n += 1) {
    const id = `u${n}`;
    const email = `cliente${n}@correo.mx`;
    (firestore.users as Record<string, Doc>)[id] = {
      name: clientName(n),
      email,
      phone: `55${String(10_000_000 + n).slice(-8)}`,
      credits: n % 12,
      isActive: true,
      createdAt: timestamp(new Date(Date.UTC(2025, 0, 1 + (n % 300)))),
    };
    authUsers.push({ ...shared, localId: id, email });
  }
  // A weekday's bookable hours (design §4): 08:00 to 20:00.
  const hours = hourSlots(DEFAULT_WEEKLY_SCHEDULE[1] ?? null);
  let session = 0;
  let orderCount = 0;
  for (let b = 0; b < size.branches; b += 1) {
    (firestore.branches as Record<string, Doc>)[`b${b}`] = { name: `Sucursal ${b + 1}`, cityId: 'c1' };
    for (let r = 1; r <= 5; r += 1) {
      (firestore.machines as Record<string, Doc>)[`b${b}m${r}`] = {
        name: `Sala ${r}`,
        branchId: `b${b}`,
        position: r,
        isActive: true,
      };
    }
    for (let d = -Math.floor(size.days / 2); d < Math.ceil(size.days / 2); d += 1) {
      const date = addDays(today, d);
      for (let h = 0; h < hours.length; h += 1) {
        for (let r = 1; r <= 5; r += 1) {
          if ((d + h + r + b) % 2 !== 0) continue;
          session += 1;
          (firestore.sessions as Record<string, Doc>)[`s${session}`] = {
            // Each client at most once an hour: consecutive sessions of an hour go to consecutive clients.
            userId: `u${(session * 7 + b * 5 + r) % size.clients}`,
            machineId: `b${b}m${r}`,
            startTime: businessInstant(date, hours[h] as string).getTime(),
          };
        }
      }
      for (let k = 0; k < 6; k += 1) {
        orderCount += 1;
        (firestore.orders as Record<string, Doc>)[`o${orderCount}`] = {
          userId: `u${orderCount % size.clients}`,
          branchId: `b${b}`,
          products: k % 2 === 0 ? ['p5'] : ['pcafe', 'pcafe'],
          total: k % 2 === 0 ? 500 : 70,
          isPos: k !== 0,
          method: (['card', 'cash', 'transfer'] as const)[k % 3],
          status: 'completed',
          cashierName: k === 0 ? 'Tienda en linea' : 'Recepción',
          createdAt: businessInstant(date, hours[k] as string).toISOString(),
        };
      }
    }
  }
  return { firestore, auth: { users: authUsers }, sessions: session, orders: orderCount };
}
