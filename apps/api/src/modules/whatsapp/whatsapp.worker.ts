import type { Db } from '@sala/db/client';
import { whatsappMessages as m } from '@sala/shared/whatsapp/whatsapp.messages';
import { errorOutcome } from '@sala/shared/whatsapp/whatsapp.rules';
import type { WhatsAppTemplateName } from '@sala/shared/whatsapp/whatsapp.templates';
import { createPoller } from '../../lib/poller';
import { DEFAULT_RETRY_DELAYS_MS, nextAttemptAfterFailure } from '../../lib/retry-schedule';
import type { WhatsAppSender } from '../../lib/whatsapp/cloud-api';
import {
  type ClaimedWhatsApp,
  claimMessages,
  expireMessages,
  markAccepted,
  markAttemptFailed,
  markUnreachable,
  releaseClaim,
} from './whatsapp.repository';

type Log = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type WhatsAppWorker = {
  /** Sends everything due now, batch after batch; what it did. */
  runOnce(): Promise<{ accepted: number; failed: number }>;
  start(): void;
  wake(): void;
  stop(): Promise<void>;
};

const silent: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The WhatsApp outbox's worker, in every API process, like the e-mail one: each poll claims due rows with FOR
 * UPDATE SKIP LOCKED (never two processes on one row), sends them outside any transaction, and records the
 * answer under the claim's fence. What the business can fix (the service down, a 429, an expired token, a template
 * not approved yet) is tried again later (1 min, 5 min, 30 min, … as e-mail); an error about this message or this
 * number fails it for good, and a number WhatsApp cannot reach is marked so the client sees it in Mi perfil. A
 * message whose session started before it could go out is failed, never sent late.
 */
export function createWhatsAppWorker(options: {
  db: Db;
  sender: WhatsAppSender;
  clock?: () => Date;
  batchSize?: number;
  claimTimeoutMs?: number;
  pollIntervalMs?: number;
  retryDelaysMs?: readonly number[];
  log?: Log;
}): WhatsAppWorker {
  const { db, sender } = options;
  const clock = options.clock ?? (() => new Date());
  // Sent one after another, each bounded by the sender's 15 s: a batch of 5 ends well inside its 120 s claim, so
  // no other process takes a row this one is still sending.
  const batchSize = options.batchSize ?? 5;
  const claimTimeoutMs = options.claimTimeoutMs ?? 120_000;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const log = options.log ?? silent;
  let stopping = false;

  async function attempt(row: ClaimedWhatsApp): Promise<boolean> {
    const result = await sender.send({
      to: row.toPhone,
      template: row.template as WhatsAppTemplateName,
      params: row.params,
    });
    if (result.ok) {
      await markAccepted(db, row.id, row.attempts, result.wamid, clock());
      return true;
    }
    const outcome = errorOutcome(result.httpStatus, result.code);
    const at = clock();
    const nextAttemptAt = outcome.retry ? nextAttemptAfterFailure(row.attempts, at, delays) : null;
    const error = `(#${result.code ?? result.httpStatus}) ${result.message}`.slice(0, 500);
    await markAttemptFailed(db, row.id, row.attempts, { error, code: result.code, nextAttemptAt });
    if (outcome.unreachable && row.userId) await markUnreachable(db, row.userId, row.toPhone, at, error);
    log.warn(
      { whatsappId: row.id, attempts: row.attempts, nextAttemptAt, code: result.code },
      nextAttemptAt ? 'WhatsApp message not sent; will retry' : 'WhatsApp message failed for good',
    );
    return false;
  }

  async function runOnce() {
    const total = { accepted: 0, failed: 0 };
    const expired = await expireMessages(db, clock(), m.expired);
    if (expired > 0) log.warn({ expired }, 'WhatsApp messages not sent before their session started');
    while (!stopping) {
      const now = clock();
      const rows = await claimMessages(db, {
        now,
        claimUntil: new Date(now.getTime() + claimTimeoutMs),
        limit: batchSize,
      });
      for (const row of rows) {
        if (stopping) {
          await releaseClaim(db, row.id, row.attempts, clock());
          continue;
        }
        if (await attempt(row)) total.accepted++;
        else total.failed++;
      }
      if (rows.length < batchSize) break;
    }
    return total;
  }

  const poller = createPoller(runOnce, {
    intervalMs: options.pollIntervalMs ?? 5_000,
    onError: (error) => log.error({ err: error }, 'WhatsApp worker run failed'),
  });

  return {
    runOnce,
    start() {
      stopping = false;
      poller.start();
    },
    wake: () => poller.wake(),
    async stop() {
      stopping = true;
      await poller.stop();
    },
  };
}
