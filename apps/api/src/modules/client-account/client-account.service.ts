import type {
  TClientCreditLotsResponse,
  TCreditLot,
  TExtendCreditLotRequest,
} from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages as lotMessages } from '@sala/shared/credits/credit-lots.messages';
import { formatCredits } from '@sala/shared/format/credits';
import type { TPage } from '@sala/shared/table/table.contract';
import type {
  TAdjustCreditsRequest,
  TLedgerEntry,
  TLedgerQuery,
} from '@sala/shared/users/client-account.contract';
import type {
  TMyOrder,
  TMyOrdersQuery,
  TMySession,
  TMySessionsQuery,
} from '@sala/shared/users/profile.contract';
import { userMessages } from '@sala/shared/users/users.messages';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { sessionsOfClient } from '../bookings/bookings.service';
import { chargeCredits, grantCredits, ledgerPage, settleExpiredCredits } from '../credits/credits.service';
import { clientLots, extendLot } from '../credits/lots.service';
import { ordersOfClient } from '../orders/orders.service';
import { findAccount, lockAccount } from '../users/users.service';

/**
 * A client's account as the staff see it (/admin/usuarios/:id, issue 22): the balance's movements, the sessions
 * and the orders, read from the modules that own them; the super admin's manual adjustment of the balance.
 */

const refusal = (field: string, message: string) => new AppError('aborted', message, { [field]: message });

async function existing(ctx: ActingContext, id: string) {
  const account = await findAccount(ctx.db, id);
  if (!account || account.closedAt) throw new AppError('not-found', userMessages.notFound);
  return account;
}

/** GET /api/users/:id/ledger */
export async function clientLedger(
  ctx: ActingContext,
  { id, query }: { id: string; query: TLedgerQuery },
): Promise<TPage<TLedgerEntry>> {
  await existing(ctx, id);
  return ledgerPage(ctx.db, id, query);
}

/** GET /api/users/:id/sessions */
export async function clientSessions(
  ctx: ActingContext,
  { id, query }: { id: string; query: TMySessionsQuery },
): Promise<TPage<TMySession>> {
  await existing(ctx, id);
  return sessionsOfClient(ctx, { userId: id, query });
}

/** GET /api/users/:id/orders */
export async function clientOrders(
  ctx: ActingContext,
  { id, query }: { id: string; query: TMyOrdersQuery },
): Promise<TPage<TMyOrder>> {
  await existing(ctx, id);
  return ordersOfClient(ctx, { userId: id, query });
}

/**
 * POST /api/users/:id/credits — the super admin adds or takes credits with the reason (ledger reason `adjustment`,
 * and the audit log); a balance never goes below zero (the account's row lock decides against a concurrent charge).
 */
export async function adjustCredits(
  ctx: ActingContext,
  { id, delta, reason, expiresOn = null }: TAdjustCreditsRequest & { id: string },
): Promise<{ balance: number }> {
  const { db, actor, now } = ctx;
  // Added credits may carry a last day (issue 44; the contract keeps it between today and ten years ahead); taken
  // credits have none to carry.
  if (expiresOn && delta < 0) throw refusal('expiresOn', lotMessages.adjustExpiryOnlyAdding);
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account || account.closedAt) throw new AppError('not-found', userMessages.notFound);
    const change = { userId: id, reason: 'adjustment' as const, actorId: actor.id, note: reason };
    const balance =
      delta > 0
        ? await grantCredits(tx, {
            ...change,
            source: 'adjustment',
            lots: [{ credits: delta, expiresOn }],
            now,
          })
        : await chargeCredits(tx, { ...change, amount: -delta, now });
    if (balance === null) {
      const live = await settleExpiredCredits(tx, id, now);
      const message = `El saldo no puede quedar en negativo: tiene ${formatCredits(live)}.`;
      throw refusal('delta', message);
    }
    await recordAudit(tx, ctx, [
      {
        action: 'credits.adjust',
        entity: 'user',
        entityId: id,
        label: account.name,
        before: { credits: account.credits },
        after: { credits: balance, reason, ...(expiresOn ? { expiresOn } : {}) },
      },
    ]);
    return { balance };
  });
}

/** GET /api/users/:id/credit-lots — the client's lots: what is left of each and until when (issue 44). */
export async function clientCreditLots(
  ctx: ActingContext,
  { id }: { id: string },
): Promise<TClientCreditLotsResponse> {
  await existing(ctx, id);
  return clientLots(ctx.db, id, ctx.now);
}

/**
 * POST /api/users/:id/credit-lots/:lotId/extend — the super admin gives a live lot a later last day (the "congelar"
 * a clinic grants for an illness or a trip), with the reason, in the audit log.
 */
export async function extendCreditLot(
  ctx: ActingContext,
  input: TExtendCreditLotRequest & { id: string; lotId: string },
): Promise<{ lot: TCreditLot }> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, input.id);
    if (!account || account.closedAt) throw new AppError('not-found', userMessages.notFound);
    const { before, lot } = await extendLot(tx, ctx.now, {
      userId: input.id,
      lotId: input.lotId,
      expiresOn: input.expiresOn,
    });
    await recordAudit(tx, ctx, [
      {
        action: 'credits.extend',
        entity: 'user',
        entityId: input.id,
        label: account.name,
        before: { expiresOn: before, remaining: lot.remaining },
        after: { expiresOn: lot.expiresOn, reason: input.reason },
      },
    ]);
    return { lot };
  });
}
