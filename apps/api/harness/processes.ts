import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The tests and the stress run start the real server process, as `npm start` does (without the web build).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const running: ChildProcess[] = [];

/** The app's own settings (apps/api/src/config.ts): a process gets only those its test names, never the shell's. */
const APP_SETTING =
  /^(PORT|HOST|NODE_ENV|DATABASE_|DATA_DIR|SEED_DEMO|LOG_LEVEL|PUBLIC_URL|ADMIN_EMAIL|MAIL_|SMTP_|STRIPE_|PAYMENTS_|TRUST_PROXY|INSTAGRAM_URL|FACEBOOK_URL|WEB_DIST_DIR|SKIP_WEB_BUILD|LIVE_)/;
const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !APP_SETTING.test(name)));

/** STRESS_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles every process started (as BENCH_SERVER_NODE_ARGS). */
const nodeArgs = process.env.STRESS_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

export function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { ...inherited, LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', NODE_ENV: 'development', ...env },
  });
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Polls /api/ready until the process answers. The limit only ends a start that hangs: a first start transpiles the
 * API, migrates and seeds, and on this 2-core machine at a slow hour, beside two test workers, that took over 30 s.
 */
export async function waitForReady(port: number, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} never became ready`);
}

/** SIGKILL for every process a test file started and left running. */
export function killAllServers() {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
}
