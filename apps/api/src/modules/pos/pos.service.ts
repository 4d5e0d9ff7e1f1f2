import type { Db } from '@sala/db/client';
import { lotExpiresOn } from '@sala/shared/credits/credit-lots.schedule';
import type { TPosOrderResponse, TPosProduct, ZCreatePosOrderRequest } from '@sala/shared/pos/pos.contract';
import { posMessages as m } from '@sala/shared/pos/pos.messages';
import {
  checkPosPayment,
  isSamePosSale,
  MAX_POS_TOTAL_CENTS,
  posTotalCents,
  WALK_IN_NAME,
  walkInProblem,
} from '@sala/shared/pos/pos.rules';
import { lineCredits } from '@sala/shared/store/store.rules';
import { businessDate } from '@sala/shared/time/business-time';
import type { z } from 'zod';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { assertMayWorkAt } from '../../lib/branch-scope';
import { earlierOr } from '../../lib/earlier-or';
import { drawerForSale } from '../cash-drawer/cash-drawer.service';
import { grantCredits } from '../credits/credits.service';
import {
  createPosOrder,
  getOrderTicket,
  type OrderLine,
  orderOfIdempotencyKey,
} from '../orders/orders.service';
import { listPointOfSaleProducts, productsByIds } from '../products/products.service';
import { findAccount, lockAccount } from '../users/users.service';

type Sale = z.output<typeof ZCreatePosOrderRequest>;

/** GET /api/pos/products */
export function listProducts({ db }: ActingContext): Promise<TPosProduct[]> {
  return listPointOfSaleProducts(db);
}

const refuse = (message: string) => new AppError('invalid-argument', message);

/** The order a key already made: the same sale again answers it; another sale under that key is refused. */
async function replay(db: Db, input: Sale): Promise<TPosOrderResponse | undefined> {
  const existing = await orderOfIdempotencyKey(db, input.idempotencyKey);
  if (!existing) return undefined;
  const saved = { ...existing, clientId: existing.userId };
  if (existing.userId !== input.clientId) throw new AppError('aborted', m.keyReused);
  if (!isSamePosSale(saved, input)) throw new AppError('aborted', m.keyReusedForAnotherSale);
  const [order, account] = await Promise.all([
    getOrderTicket(db, existing.id),
    existing.userId ? findAccount(db, existing.userId) : undefined,
  ]);
  return { order, balance: account?.credits ?? 0 };
}

/** The sale's lines priced from the database; a product not sold at the point of sale refuses the whole sale. */
async function pricedLines(db: Db, items: Sale['items']): Promise<OrderLine[]> {
  const found = new Map(
    (
      await productsByIds(
        db,
        items.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const quantities = new Map<string, number>();
  for (const item of items)
    quantities.set(item.productId, (quantities.get(item.productId) ?? 0) + item.quantity);
  return [...quantities].map(([productId, quantity]) => {
    const product = found.get(productId);
    if (!product?.isActive || product.isDigital) throw refuse(m.productNotForSale);
    return {
      productId,
      name: product.name,
      unitPriceCents: product.priceCents,
      quantity,
      credits: product.credits,
      extra: product.extra,
      validityDays: product.validityDays,
    };
  });
}

/**
 * POST /api/pos/orders: re-checks the sale with the form's rules on database prices, then one transaction saves
 * the order, its lines and the client's credits `(credits + extra) × quantity` through the ledger. The form's
 * idempotency key makes a double click or a retried request one order (the unique key decides a race).
 */
export async function createSale(
  { db, actor, now, notify, metrics }: ActingContext,
  input: Sale,
): Promise<{ created: boolean; result: TPosOrderResponse }> {
  assertMayWorkAt(actor, input.branchId);
  // The sale its key already made is answered again, even if its products are no longer sold.
  const { earlier, work: lines } = await earlierOr(replay(db, input), pricedLines(db, input.items));
  if (earlier) return { created: false, result: earlier };

  const totalCents = posTotalCents(lines);
  if (totalCents > MAX_POS_TOTAL_CENTS) throw refuse(m.totalTooLarge);
  const payment = {
    cashCents: input.cashCents,
    cardCents: input.cardCents,
    transferCents: input.transferCents,
  };
  const check = checkPosPayment(totalCents, payment);
  if (!check.ok) throw refuse(check.message);
  // A walk-in sale ("Público en general") holds only products that grant no credits.
  if (input.clientId === null && walkInProblem(lines)) throw refuse(m.walkInCredits);

  const sold = await db.transaction(async (tx) => {
    const client = input.clientId === null ? null : await lockAccount(tx, input.clientId);
    if (input.clientId !== null && !client?.isActive) throw refuse(m.clientNotFound);
    // Today's drawer of the branch, open (the first sale opens it with its float), held with its branch until this
    // sale commits.
    const drawer = await drawerForSale(
      tx,
      { actor, now },
      { branchId: input.branchId, openingFloatCents: input.openingFloatCents },
    );
    if (!drawer) throw refuse(m.branchNotFound);
    const order = await createPosOrder(tx, {
      idempotencyKey: input.idempotencyKey,
      clientId: client?.id ?? null,
      branchId: input.branchId,
      cashier: { id: actor.id, name: actor.name },
      lines,
      totalCents,
      payment,
      changeCents: check.changeCents,
      at: now,
    });
    if (!order) return undefined;
    const credits = lines.reduce((sum, line) => sum + lineCredits(line), 0);
    // The client's balance after the sale, as this transaction leaves it (the account is locked).
    const balance =
      credits > 0 && client
        ? await grantCredits(tx, {
            userId: client.id,
            reason: 'pos',
            source: 'pos',
            actorId: actor.id,
            referenceId: order.id,
            note: 'Venta en punto de venta',
            now,
            // Paid at the counter today: each line's credits expire its product's validity after today.
            lots: lines.map((line) => ({
              credits: lineCredits(line),
              expiresOn: lotExpiresOn(businessDate(now), line.validityDays),
            })),
          })
        : (client?.credits ?? 0);
    // The receipt goes with the sale: written in its transaction, sent by the outbox worker.
    await notify.posSale(tx, {
      folio: order.folio,
      createdAt: order.createdAt,
      branchName: drawer.branchName,
      cashierName: actor.name,
      items: lines.map((line) => ({
        name: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        credits: lineCredits(line),
      })),
      totalCents,
      paidCashCents: payment.cashCents,
      paidCardCents: payment.cardCents,
      paidTransferCents: payment.transferCents,
      changeCents: check.changeCents,
      creditsGranted: credits,
      client: client
        ? { name: client.name, email: client.email || null }
        : { name: WALK_IN_NAME, email: null },
    });
    return { orderId: order.id, balance };
  });

  if (!sold) {
    // A request with the same key committed first: answer its order.
    const first = await replay(db, input);
    if (!first) throw new Error('idempotency key conflicted but no order holds it');
    return { created: false, result: first };
  }
  metrics.sale('pos');
  return { created: true, result: { order: await getOrderTicket(db, sold.orderId), balance: sold.balance } };
}
