// Chromium driven through the DevTools protocol with nothing enabled that a phone's browser does not run.
//
// Playwright (and Lighthouse) enable the `Runtime` domain on every page they drive. That turns on V8's capture of a
// stack trace for every `Error` the page creates, with line and column for each frame: V8 compiles code without
// source positions and, to give them, parses the frame's whole function again. React DOM makes its sentinel errors
// (`Error(o(519))` and the like) while its module body runs, and that body is one function of 200 kB: under
// Playwright the line costs 13–55 ms at 1× CPU and 56–118 ms at 4×; with no inspector attached React DOM's whole
// start-up is 4–8 ms at 1× (docs/performance.md, 2026-11-27 sixth session). A trace meant to show what a phone
// runs uses this instead: one browser, one page, `Emulation`, `Page` and `Tracing`, never `Runtime` or `Debugger`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

type Message = {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
  sessionId?: string;
};
type Listener = (params: unknown, sessionId: string | undefined) => void;

export type BareChromium = {
  /** A command to the browser (no session) or to an attached page (its session id). */
  send<T = unknown>(method: string, params?: object, sessionId?: string): Promise<T>;
  /** Every event of that name, with the session it came from. Returns a function that stops listening. */
  on(method: string, listener: Listener): () => void;
  close(): Promise<void>;
};

/**
 * Starts Chromium with `--remote-debugging-pipe` (messages separated by a NUL byte on file descriptors 3 and 4, as
 * Playwright speaks to it) and no page open.
 */
export async function launchBareChromium(executablePath: string, args: string[]): Promise<BareChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bare-chromium-'));
  const child: ChildProcess = spawn(
    executablePath,
    [
      ...args,
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, Set<Listener>>();
  let nextId = 1;
  let buffered = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code) => {
    for (const { reject } of pending.values())
      reject(new Error(`Chromium exited (${code}) before answering`));
    pending.clear();
  });
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\0');
    while (end !== -1) {
      const message = JSON.parse(buffered.slice(0, end)) as Message;
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\0');
      if (message.id !== undefined) {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result);
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? [])
          listener(message.params, message.sessionId);
      }
    }
  });
  const chromium: BareChromium = {
    send<T>(method: string, params: object = {}, sessionId?: string) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
      });
    },
    on(method, listener) {
      const set = listeners.get(method) ?? new Set<Listener>();
      listeners.set(method, set.add(listener));
      return () => set.delete(listener);
    },
    async close() {
      await chromium.send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      child.kill('SIGKILL');
      rmSync(profile, { recursive: true, force: true });
    },
  };
  // The first answer proves the pipe works; Chromium reads it once it has started.
  await chromium.send('Browser.getVersion');
  return chromium;
}

export type PhonePage = { sessionId: string; targetId: string };

/**
 * A new tab shaped as the long-task bench's phone: 412 × 823 CSS pixels, mobile, touch, Mexican Spanish, the CPU
 * throttled `cpuRate` times (Lighthouse's mobile profile uses 4).
 */
export async function openPhonePage(chromium: BareChromium, cpuRate: number): Promise<PhonePage> {
  const { targetId } = await chromium.send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
  });
  const { sessionId } = await chromium.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  await chromium.send(
    'Emulation.setDeviceMetricsOverride',
    { width: 412, height: 823, deviceScaleFactor: 1, mobile: true },
    sessionId,
  );
  await chromium.send('Emulation.setTouchEmulationEnabled', { enabled: true }, sessionId);
  await chromium.send('Emulation.setLocaleOverride', { locale: 'es-MX' }, sessionId);
  await chromium.send('Emulation.setCPUThrottlingRate', { rate: cpuRate }, sessionId);
  await chromium.send('Page.enable', {}, sessionId);
  return { sessionId, targetId };
}

/** Navigates the page and waits for its `load` event (at most `timeoutMs`). */
export async function navigateAndWaitForLoad(
  chromium: BareChromium,
  page: PhonePage,
  url: string,
  timeoutMs = 30_000,
): Promise<void> {
  let resolveLoaded = () => {};
  const loaded = new Promise<void>((resolve) => {
    resolveLoaded = resolve;
  });
  const stop = chromium.on('Page.loadEventFired', (_params, sessionId) => {
    if (sessionId === page.sessionId) resolveLoaded();
  });
  try {
    const { errorText } = await chromium.send<{ errorText?: string }>(
      'Page.navigate',
      { url },
      page.sessionId,
    );
    if (errorText) throw new Error(`${url}: ${errorText}`);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      loaded,
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${url}: no load event in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  } finally {
    stop();
  }
}

/**
 * Lighthouse's benchmark index of this machine (its `computeBenchmarkIndex`, run unthrottled in a page of its own;
 * the median of three): how fast the machine runs script, to read a throttled trace against. Chrome DevTools
 * calibrates its CPU presets to 264 for a low-tier phone and 1000 for a mid-tier one; 4× throttling on a machine of
 * index N is a phone of about N / 4. `Runtime` is enabled here only, in a tab closed before any page is measured.
 */
export async function benchmarkIndex(chromium: BareChromium): Promise<number> {
  const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
  const { targetId } = await chromium.send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
  });
  const { sessionId } = await chromium.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  const values: number[] = [];
  for (let n = 0; n < 3; n++) {
    const { result } = await chromium.send<{ result: { value: number } }>(
      'Runtime.evaluate',
      { expression: `(${pageFunctions.computeBenchmarkIndex.toString()})()`, returnByValue: true },
      sessionId,
    );
    values.push(result.value);
  }
  await chromium.send('Target.closeTarget', { targetId });
  return Math.round(values.sort((a, b) => a - b)[1]!);
}
