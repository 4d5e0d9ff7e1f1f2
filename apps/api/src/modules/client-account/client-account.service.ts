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
import { applyCreditChange, ledgerPage } from '../credits/credits.service';
import { ordersOfClient } from '../orders/orders.service';
import { findAccount, lockAccount } from '../users/users.service';

/**
 * A client's account as the staff see it (/admin/usuarios/:id, issue 22): the balance's movements, the sessions
 * and the orders, read from the modules that own them; the super admin's manual adjustment of the balance.
 */

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
  { id, delta, reason }: TAdjustCreditsRequest & { id: string },
): Promise<{ balance: number }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account || account.closedAt) throw new AppError('not-found', userMessages.notFound);
    if (account.credits + delta < 0) {
      const message = `El saldo no puede quedar en negativo: tiene ${account.credits === 1 ? '1 crédito' : `${account.credits} créditos`}.`;
      throw new AppError('aborted', message, { delta: message });
    }
    const balance = await applyCreditChange(tx, {
      userId: id,
      delta,
      reason: 'adjustment',
      actorId: actor.id,
      note: reason,
    });
    await recordAudit(tx, ctx, [
      {
        action: 'credits.adjust',
        entity: 'user',
        entityId: id,
        label: account.name,
        before: { credits: account.credits },
        after: { credits: balance, reason },
      },
    ]);
    return { balance };
  });
}
