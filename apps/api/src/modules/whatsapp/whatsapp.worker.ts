import type { Db } from '@sala/db/client';
import { errorOutcome } from '@sala/shared/whatsapp/whatsapp.rules';
import type { WhatsAppTemplateName } from '@sala/shared/whatsapp/whatsapp.templates';
import { createPoller } from '../../lib/poller';
import { DEFAULT_RETRY_DELAYS_MS, nextAttemptAfterFailure } from '../../lib/retry-schedule';
import type { WhatsAppSender } from '../../lib/whatsapp/cloud-api';
import {
  type ClaimedWhatsApp,
  claimMessages,
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
 * answer under the claim's fence. A 5xx, a 429 or no answer is tried again later (1 min, 5 min, 30 min, … as
 * e-mail); an error about the message or the number fails it for good, and a number WhatsApp cannot reach is
 * marked so the client sees it in Mi perfil.
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
  const batchSize = options.batchSize ?? 20;
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
