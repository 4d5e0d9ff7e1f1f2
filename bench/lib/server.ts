// Starts the real server (scripts/start.mjs) as its own process for a benchmark, on PGlite or PostgreSQL, and a
// fresh database it seeds first. The load generator then runs in the benchmark's process, as a client would.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, openDatabase } from '@sala/db/client';
import { createEmptyPostgresDatabase } from '@sala/db/scratch';

const root = fileURLToPath(new URL('../..', import.meta.url));

export type BenchDatabase = {
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  drop: () => Promise<void>;
};

/** A fresh database, filled by `seed`, then closed so the server can open it. */
export async function freshDatabase(
  kind: 'postgres' | 'pglite',
  seed: (database: DatabaseHandle) => Promise<void>,
): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const empty = await createEmptyPostgresDatabase();
    const database = await openDatabase({ kind: 'postgres', url: empty.url });
    try {
      await seed(database);
    } finally {
      await database.close();
    }
    return { kind, env: { DATABASE_URL: empty.url }, drop: empty.drop };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sala-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await seed(database);
  } finally {
    await database.close();
  }
  return {
    kind,
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export type RunningServer = { baseUrl: string; stop: () => Promise<void> };

/** The production server on a free port; resolves once /api/ready answers. */
export async function startServer(
  database: BenchDatabase,
  port: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server while it is measured.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, 'scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      ...database.env,
      PORT: String(port),
      NODE_ENV: 'production',
      // Measured as production runs, without Stripe or SMTP: both on purpose (the server refuses to guess).
      PAYMENTS_MODE: 'test',
      MAIL_MODE: 'outbox',
      SKIP_WEB_BUILD: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
