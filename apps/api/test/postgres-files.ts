/**
 * The API test files that run a second time on PostgreSQL (`npm run test:pg`), each with why the engine can change
 * its answer (issue 40; decision 028). Every API test runs on PGlite; PGlite is one connection, so a race there is
 * served one request after another, and only PostgreSQL's many connections put row locks, unique indexes, SKIP
 * LOCKED, LISTEN/NOTIFY and several processes to the test. A file that proves nothing the engine could change
 * (validation, messages, permissions, formats) runs once, on PGlite.
 */
export const POSTGRES_FILES: Record<string, string> = {
  'auth.test.ts':
    'parallel password guesses are counted in the database before they are checked: truly at once here',
  'blocks.test.ts':
    'racing identical blocks, and a whole day against one of its hours: unique indexes decide',
  'bookings.test.ts':
    '50 clients on one room-hour, 10 bookings on 1 credit, racing cancels: index and row locks',
  'cash-drawer.test.ts': 'many first sales open one drawer (unique index); sales racing a closing',
  'client-account.test.ts': '20 adjustments at once never take a balance below zero (row lock, CHECK)',
  'credit-lots.test.ts':
    'two expiry runs at once (lease row, account row locks); lots spent under the account lock; json_to_recordset',
  'dashboard.test.ts':
    "a period's session counts come one row per branch as text (to_char, string_agg) through the pg driver",
  'owner-figures.test.ts': "30 sales at once keep the triggers' daily sums exact",
  'owner-rollups.test.ts':
    "10 bookings of one branch-day at once: the day's row is taken at each commit (deferred triggers), none lost; moves in opposite directions never deadlock",
  'pay-later.test.ts':
    'one pending order for 20 voucher requests; one grant for 30 clicks; SKIP LOCKED claims',
  'payments.test.ts': 'twenty payments of one checkout at once make one order (unique payment reference)',
  'paging.test.ts':
    'a count turns parallel workers off in a transaction of its own on a pool connection: PGlite has no workers',
  'pos.test.ts':
    'one order of 20 parallel submits (idempotency key); one reversal and one refund of 20 cancels; a rename waits for a cancel (row locks)',
  'prepared-once.test.ts':
    "a query built once runs on the asking transaction's own connection: only a pool has another to compare",
  'privacy.test.ts': 'an account closed twice at once closes once (row lock)',
  'read-together.test.ts':
    "a transaction's one pooled connection reads in turn: node-postgres 9 refuses a query sent while another runs",
  'reschedule.test.ts': '20 moves of one session at once: one wins, Σ ledger = balance',
  'rooms.test.ts':
    "two creations of one position (the unique index's name mapped to the message); no deadlock",
  'staff-security.test.ts':
    'ten parallel sends of one right code finish one login (the step taken in one statement, the step row deleted once)',
  'series.test.ts': 'overlapping weekly series at once never put a room-hour twice',
  'stripe-oxxo-spei.test.ts':
    'one voucher for five starts; one grant for five webhook deliveries; five cancels',
  'stripe.test.ts': 'a doubled start opens one PaymentIntent; one event delivered three times at once',
  'waitlist.test.ts': 'a freed hour books exactly one waiting client, whoever races for it',
  'live-availability.test.ts': "LISTEN/NOTIFY: a booking through one process reaches the other's stream",
  'mail-processes.test.ts': 'two processes share the outbox (SKIP LOCKED), one killed mid-batch',
  'server-process.test.ts': 'processes starting together on one empty database (the migration advisory lock)',
  'bad-input.test.ts': "SQL errors of the engine mapped to the envelope (PostgreSQL's messages and codes)",
  'date-extremes.test.ts':
    "dates at the engine's limits (year 1, 9999-12-31) through both drivers' date parsing",
  'fuzz.test.ts': 'every route fuzzed: a malformed value must stop before the engine, whichever engine it is',
  'hardening.test.ts': 'a NUL byte reaching the engine through the pg driver (22021) is still a 400',
  'invoicing.test.ts':
    'five requests for one sale queue one invoice (row lock, partial unique index); three queue runs at once claim it once (SKIP LOCKED)',
  'invoicing-global.test.ts':
    "two processes' global job at once issue one global (the settings row's lock); cancellations claimed with SKIP LOCKED",
  'imports.test.ts':
    'a whole business in one transaction of bulk inserts through the pg driver, undone whole by a failure or a dry run',
  'calendar-feeds.test.ts':
    "the feed's one query (a lateral union over two indexes) and its timestamps through the pg driver",
  'whatsapp.test.ts':
    'three reminder runs and two workers at once write and send one WhatsApp reminder (SKIP LOCKED, unique key); statuses racing in one UPDATE',
  'backup.test.ts': "the copy is PGlite's; on PostgreSQL the super admin is told to use pg_dump",
};
