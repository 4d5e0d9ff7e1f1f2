import type { Db } from '@sala/db/client';
import type { FastifyBaseLogger } from 'fastify';
import { type Invoicing, type PacInvoiceBody, PacRefusedError } from '../../lib/invoicing/pac';
import type { Notify } from '../../ports/notify';
import { recordAudit } from '../audit/audit.service';
import { issueDueGlobal } from './invoicing.global';
import {
  claimDueCancellations,
  claimDueInvoices,
  markRefused,
  markRetry,
  markStamped,
  recordCancelAnswer,
  requestCancel,
  retryCancelLater,
  saleFolio,
} from './invoicing.repository';

/**
 * The invoicing queue (issue 42, design §13): the PAC is called here only, outside any transaction, for what the
 * requests and the global job queued in the database. Stamping and cancelling are each claimed by one process at a
 * time (a lease on the row, `attempts` fencing the answer), sent with the invoice's own idempotency key, and retried
 * with back-off while the PAC is down: a PAC that is down delays invoices, it never blocks a sale.
 */

const MINUTE = 60_000;
/** Waits after the 1st, 2nd, … failed call: the PAC down delays invoices, it never drops one. */
const RETRY_DELAYS_MS = [30_000, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, 60 * MINUTE];
export const retryDelayAfter = (attempts: number) =>
  RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;

/** How long one process holds a claimed invoice before another may send it. */
const LEASE_MS = 2 * MINUTE;
/** How often a cancellation waiting for the receiver is asked about again. */
const CANCEL_CHECK_MS = 60 * MINUTE;

const AUTOMATIC = 'Facturación automática';

export type InvoiceQueuePorts = {
  db: Db;
  invoicing: Pick<Invoicing, 'pac'>;
  notify: Notify;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/**
 * One run of the stamping queue: claims what is due, asks the PAC for each, and records the answer (stamped, with
 * its files and the client's e-mail; refused, with the PAC's reason; or down, to try again later). A re-issued
 * global, once stamped, asks for the old one's cancellation (motive 04).
 */
export async function sendDueInvoices(ports: InvoiceQueuePorts, { limit }: { limit: number }) {
  const pac = ports.invoicing.pac;
  if (!pac) return { claimed: 0 };
  const claimed = await claimDueInvoices(ports.db, {
    now: ports.now,
    leaseUntil: new Date(ports.now.getTime() + LEASE_MS),
    limit,
  });
  const who = (requestedBy: string | null) => ({
    actor: { id: requestedBy, name: AUTOMATIC },
    now: ports.now,
  });
  for (const claim of claimed) {
    try {
      const stamped = await pac.stamp(claim.payload as PacInvoiceBody, claim.idempotencyKey);
      const files = await pac.files(stamped.pacId);
      const pdfBase64 = files.pdf.toString('base64');
      await ports.db.transaction(async (tx) => {
        const row = await markStamped(tx, claim, { ...stamped, pdfBase64, xml: files.xml, at: ports.now });
        if (!row) return;
        if (row.kind === 'global' && row.relatedId)
          await requestCancel(tx, row.relatedId, { motive: '04', now: ports.now });
        const customer = row.customer;
        if (customer.email)
          await ports.notify.invoiceIssued(tx, {
            email: customer.email,
            name: customer.legalName,
            series: row.series,
            folioNumber: row.folioNumber,
            uuid: stamped.uuid,
            totalCents: row.totalCents,
            orderFolio: row.orderId ? await saleFolio(tx, row.orderId) : null,
            pdfBase64,
            xml: files.xml,
            isTest: stamped.isTest,
          });
        await recordAudit(tx, who(claim.requestedBy), [
          {
            action: 'invoice.stamp',
            entity: 'invoice',
            entityId: row.id,
            label: `${row.series}-${row.folioNumber}`,
            before: { status: 'queued' },
            after: { status: 'valid', uuid: stamped.uuid },
          },
        ]);
      });
    } catch (error) {
      if (error instanceof PacRefusedError) {
        await ports.db.transaction(async (tx) => {
          const row = await markRefused(tx, claim, { message: error.message, field: error.field });
          if (row)
            await recordAudit(tx, who(claim.requestedBy), [
              {
                action: 'invoice.refuse',
                entity: 'invoice',
                entityId: row.id,
                label: `${row.series}-${row.folioNumber}`,
                before: { status: 'queued' },
                after: { status: 'failed', reason: error.message },
              },
            ]);
        });
        continue;
      }
      ports.log?.warn(
        { err: error, invoiceId: claim.id },
        'the PAC did not answer: the invoice waits for its retry',
      );
      await markRetry(ports.db, claim, {
        error: (error as Error).message,
        at: new Date(ports.now.getTime() + retryDelayAfter(claim.attempts)),
      });
    }
  }
  return { claimed: claimed.length };
}

/**
 * One run of the cancellation queue: asks the PAC to cancel what is due (with its motive, and the substitute's
 * UUID for 01), and asks again about cancellations waiting for the receiver, until the SAT's answer is final.
 */
export async function sendDueCancellations(ports: InvoiceQueuePorts, { limit }: { limit: number }) {
  const pac = ports.invoicing.pac;
  if (!pac) return { claimed: 0 };
  const claimed = await claimDueCancellations(ports.db, {
    now: ports.now,
    leaseUntil: new Date(ports.now.getTime() + LEASE_MS),
    limit,
  });
  for (const claim of claimed) {
    try {
      const answer =
        claim.state === 'queued'
          ? await pac.cancel(claim.pacId, {
              motive: claim.motive,
              ...(claim.motive === '01' && claim.substituteUuid
                ? { substitution: claim.substituteUuid }
                : {}),
            })
          : await pac.status(claim.pacId);
      const cancelled = answer.status === 'canceled';
      const state = cancelled
        ? answer.cancellationStatus === 'expired'
          ? 'expired'
          : 'accepted'
        : answer.cancellationStatus === 'none'
          ? 'pending'
          : answer.cancellationStatus;
      const final = cancelled || state === 'rejected' || state === 'expired';
      await ports.db.transaction(async (tx) => {
        const recorded = await recordCancelAnswer(tx, claim, {
          state,
          cancelled,
          now: ports.now,
          nextCheckAt: final ? null : new Date(ports.now.getTime() + CANCEL_CHECK_MS),
        });
        if (recorded && (claim.state === 'queued' || final))
          await recordAudit(tx, { actor: { id: claim.requestedBy, name: AUTOMATIC }, now: ports.now }, [
            {
              action: 'invoice.cancel',
              entity: 'invoice',
              entityId: claim.id,
              label: claim.label,
              before: { cancelState: claim.state },
              after: { cancelState: state, motive: claim.motive },
            },
          ]);
      });
    } catch (error) {
      // A refusal of the cancellation itself is final too: said as the PAC's reason, never sent again by itself.
      if (error instanceof PacRefusedError) {
        await recordCancelAnswer(ports.db, claim, {
          state: 'rejected',
          cancelled: false,
          now: ports.now,
          nextCheckAt: null,
          error: error.message,
        });
        continue;
      }
      ports.log?.warn(
        { err: error, invoiceId: claim.id },
        'the PAC did not answer a cancellation: it waits for its retry',
      );
      await retryCancelLater(ports.db, claim, {
        error: (error as Error).message,
        at: new Date(ports.now.getTime() + retryDelayAfter(claim.cancelAttempts)),
      });
    }
  }
  return { claimed: claimed.length };
}

/** Everything the invoicing job of a process does in one run: the due global invoice, then both queues. */
export async function runInvoicingJobs(ports: InvoiceQueuePorts) {
  if (!ports.invoicing.pac) return;
  await issueDueGlobal(ports);
  for (;;) if ((await sendDueInvoices(ports, { limit: 10 })).claimed < 10) break;
  for (;;) if ((await sendDueCancellations(ports, { limit: 10 })).claimed < 10) break;
}
