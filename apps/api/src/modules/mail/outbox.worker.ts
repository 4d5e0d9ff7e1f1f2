import { readFileSync } from 'node:fs';
import type { Db } from '@sala/db/client';
import type { EmailAttachment } from '@sala/db/schema/infrastructure';
import { oxxoBarcodePng } from '../../lib/barcode';
import type { MailAttachment, Mailer, MailMessage } from '../../lib/mail/mailer';
import { createPoller } from '../../lib/poller';
import {
  DEFAULT_RETRY_DELAYS_MS,
  describeSendError,
  isServerUnreachable,
  nextAttemptAfterFailure,
} from '../../lib/retry-schedule';
import {
  bringRetriesForward,
  type ClaimedEmail,
  claimEmails,
  deliveryOf,
  markAttemptFailed,
  markSent,
  releaseClaim,
} from './outbox.repository';
import { LOGO_CID } from './templates';

type Log = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type OutboxWorkerOptions = {
  db: Db;
  /** null without SMTP_URL: nothing is sent, messages stay pending and readable in the app. */
  mailer: Mailer | null;
  from: { name: string; email: string };
  clock?: () => Date;
  /** Rows claimed per query. */
  batchSize?: number;
  /** Messages of one batch in flight at once. */
  concurrency?: number;
  retryDelaysMs?: readonly number[];
  /** How long a claim holds a row; longer than any one send can take (the mailer's own timeouts). */
  claimTimeoutMs?: number;
  /** Pause between polls when the queue is empty. */
  pollIntervalMs?: number;
  /** Bound of a booking's immediate attempt: the answer waits no longer. */
  immediateTimeoutMs?: number;
  log?: Log;
  /** Told of every attempt's result (the metrics). */
  onAttempt?: (delivered: boolean) => void;
};

export type OutboxWorker = {
  /** Whether there is a server to send to. */
  readonly enabled: boolean;
  /** Sends everything due now, batch after batch; what it did. */
  runOnce(): Promise<{ sent: number; failed: number }>;
  /**
   * One attempt at once for these rows (just committed), bounded by `immediateTimeoutMs`: true when every one
   * was delivered (or there is no server: nothing to warn about), false when any failed or is still on its way.
   * A failure is recorded like any other, and the worker retries it.
   */
  deliverNow(ids: string[]): Promise<boolean>;
  /** Polls until stopped. */
  start(): void;
  /** Stops polling, gives back claimed rows not yet tried and waits for the sends in flight. */
  stop(): Promise<void>;
};

const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

let logo: Buffer | undefined;
const logoPng = () => {
  logo ??= readFileSync(new URL('./assets/logo.png', import.meta.url));
  return logo;
};

/** A stored attachment as nodemailer takes it: base64 back to bytes, an OXXO reference drawn as its barcode. */
async function toMailAttachment(attachment: EmailAttachment): Promise<MailAttachment> {
  if ('oxxoBarcode' in attachment) {
    const { oxxoBarcode, ...file } = attachment;
    return { ...file, content: (await oxxoBarcodePng(oxxoBarcode)).png };
  }
  const { encoding, ...file } = attachment;
  return encoding === 'base64' ? { ...file, content: Buffer.from(file.content, 'base64') } : file;
}

/**
 * The outbox row as the message a server receives: a Message-ID that never changes, the logo inline, and an OXXO
 * voucher's barcode drawn now, not in the transaction that wrote the row (decision 043).
 */
export async function toMailMessage(
  row: ClaimedEmail,
  from: { name: string; email: string },
): Promise<MailMessage> {
  const domain = from.email.split('@')[1] ?? 'localhost';
  return {
    messageId: `<${row.id}@${domain}>`,
    from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: row.headers,
    attachments: [
      ...(await Promise.all(row.attachments.map(toMailAttachment))),
      ...(row.html.includes(`cid:${LOGO_CID}`)
        ? [{ filename: 'sala-comun.png', content: logoPng(), contentType: 'image/png', cid: LOGO_CID }]
        : []),
    ],
  };
}

/**
 * The outbox worker of one API process (docs/business-rules.md D§4: at-least-once). Each poll is one indexed query that
 * claims due rows with FOR UPDATE SKIP LOCKED, so N processes on one PostgreSQL never take the same row; each
 * claim expires, so a process killed mid-send loses nothing. A failed attempt waits longer each time
 * (retry-schedule.ts) and, after the last, the message is failed with its last error.
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, mailer, from } = options;
  const clock = options.clock ?? (() => new Date());
  const batchSize = options.batchSize ?? 20;
  const concurrency = options.concurrency ?? 4;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const claimTimeoutMs = options.claimTimeoutMs ?? 120_000;
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const immediateTimeoutMs = options.immediateTimeoutMs ?? 4_000;
  const log = options.log ?? silent;

  let stopping = false;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  };

  const claim = (ids?: string[]) => {
    const now = clock();
    return claimEmails(db, {
      now,
      claimUntil: new Date(now.getTime() + claimTimeoutMs),
      limit: ids ? ids.length : batchSize,
      ids,
    });
  };

  // Set when no server answered: the next success brings those waiting retries forward (the server is back).
  let sawFailure = false;

  /** One attempt at one claimed row; true when the server accepted it. */
  async function attempt(row: ClaimedEmail): Promise<boolean> {
    const started = clock();
    let built = false;
    try {
      const message = await toMailMessage(row, from);
      built = true;
      await mailer!.send(message);
    } catch (error) {
      const at = clock();
      const nextAttemptAt = nextAttemptAfterFailure(row.attempts, at, delays);
      const message = describeSendError(error);
      // Only the server's failure says it is unreachable; a message that could not be built says nothing of it.
      if (built && isServerUnreachable(error)) sawFailure = true;
      options.onAttempt?.(false);
      await markAttemptFailed(db, row.id, row.attempts, { error: message, at, nextAttemptAt });
      log.warn(
        { emailId: row.id, attempts: row.attempts, nextAttemptAt, error: message },
        nextAttemptAt ? 'e-mail not delivered; will retry' : 'e-mail failed for good',
      );
      return false;
    }
    await markSent(db, row.id, row.attempts, clock());
    options.onAttempt?.(true);
    if (sawFailure) {
      sawFailure = false;
      const waiting = await bringRetriesForward(db, clock(), started);
      if (waiting > 0) {
        log.info({ waiting }, 'mail server accepts mail again: retries brought forward');
        poller.wake();
      }
    }
    return true;
  }

  /**
   * Rows of a booking another worker claimed first: delivered only once their rows say so. Waits for them until
   * the deadline; a failed attempt, or no answer by then, is "not yet" (never a false "sent").
   */
  async function claimedElsewhereDelivered(ids: string[], deadline: number): Promise<boolean> {
    for (;;) {
      const states = await deliveryOf(db, ids);
      if (states.length === ids.length && states.every((row) => row.status === 'sent')) return true;
      if (states.some((row) => row.failed) || Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Sends a claimed batch a few at a time; rows not started when the process stops are given back. */
  async function sendBatch(rows: ClaimedEmail[]) {
    let sent = 0;
    let failed = 0;
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        if (stopping) {
          await releaseClaim(db, row.id, row.attempts, clock());
          continue;
        }
        if (await attempt(row)) sent++;
        else failed++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    return { sent, failed };
  }

  async function runOnce() {
    const total = { sent: 0, failed: 0 };
    if (!mailer) return total;
    while (!stopping) {
      const rows = await claim();
      const result = await track(sendBatch(rows));
      total.sent += result.sent;
      total.failed += result.failed;
      if (rows.length < batchSize) break;
    }
    return total;
  }

  async function deliverNow(ids: string[]) {
    if (!mailer || ids.length === 0) return true;
    const deadline = Date.now() + immediateTimeoutMs;
    const attempts = track(
      claim(ids).then(async (rows) => {
        const delivered = (await Promise.all(rows.map(attempt))).every(Boolean);
        // A poller may have claimed some of them first: they count only once they are sent.
        if (!delivered || rows.length === ids.length) return delivered;
        return claimedElsewhereDelivered(ids, deadline);
      }),
    );
    let timeout: NodeJS.Timeout | undefined;
    const expired = new Promise<false>((resolve) => {
      timeout = setTimeout(() => resolve(false), immediateTimeoutMs);
    });
    try {
      return await Promise.race([attempts, expired]);
    } catch (error) {
      log.error({ err: error }, 'immediate e-mail delivery failed');
      return false;
    } finally {
      clearTimeout(timeout);
    }
  }

  const poller = createPoller(runOnce, {
    intervalMs: pollIntervalMs,
    onError: (error) => log.error({ err: error }, 'outbox worker run failed'),
  });

  return {
    enabled: mailer !== null,
    runOnce,
    deliverNow,
    start() {
      if (!mailer || poller.running) return;
      stopping = false;
      log.info({ server: mailer.description }, 'outbox worker started');
      poller.start();
    },
    async stop() {
      stopping = true;
      await poller.stop();
      await Promise.allSettled([...inFlight]);
    },
  };
}
