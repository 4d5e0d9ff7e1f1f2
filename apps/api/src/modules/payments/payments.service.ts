import type { DbOrTx } from '@sala/db/client';
import type { CheckoutItem } from '@sala/db/schema/payments';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import {
  expiryIsCurrent,
  type TCheckout,
  type TPaymentResult,
  type TStartCheckoutRequest,
  type TTestCardRequest,
} from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { totalsOf } from '@sala/shared/store/store.rules';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import {
  type CardRefusal,
  GatewayUnavailableError,
  type PaymentGateway,
  WebhookSignatureError,
} from '../../lib/payments/gateway';
import { applyCreditChange } from '../credits/credits.service';
import { createOnlineOrder, orderOfPayment } from '../orders/orders.service';
import { productsByIds } from '../products/products.service';
import { findAccount } from '../users/users.service';
import {
  type CheckoutRow,
  checkoutsOfUser,
  findCheckout,
  findCheckoutByPaymentRef,
  insertCheckout,
  markCheckoutPaid,
  noteCheckoutError,
  paymentsInProgressOfUser,
  recordEvent,
  setPaymentRef,
} from './payments.repository';

type Parsed<T> = T extends { number: string }
  ? { number: string; expiry: string; cvc: string; holder: string }
  : T;

const refusalReasons: Record<CardRefusal, string> = {
  declined: m.cardDeclined,
  insufficient_funds: m.insufficientFunds,
  invalid: m.cardInvalid,
};

const notFound = () => new AppError('not-found', m.checkoutNotFound);

function describe(checkout: CheckoutRow, gateway: PaymentGateway, clientSecret: string | null): TCheckout {
  return {
    checkoutId: checkout.id,
    mode: checkout.gateway,
    status: checkout.status,
    items: checkout.items,
    amountCents: checkout.amountCents,
    totalCredits: checkout.totalCredits,
    clientSecret: checkout.status === 'pending' ? clientSecret : null,
    publishableKey: gateway.publishableKey,
  };
}

/** The same products in the same quantities, in any order. */
function sameCart(items: CheckoutItem[], requested: TStartCheckoutRequest['items']) {
  const key = (list: { productId: string; quantity: number }[]) =>
    list
      .map((item) => `${item.productId.toLowerCase()}×${item.quantity}`)
      .sort()
      .join(',');
  return key(items) === key(requested);
}

/** A checkout of the signed-in client (someone else's is not found). */
async function ownCheckout(db: DbOrTx, actor: TSessionUser, id: string) {
  const checkout = await findCheckout(db, id);
  if (!checkout || checkout.userId !== actor.id) throw notFound();
  return checkout;
}

/** The gateway's payment for a checkout (created once: the checkout id is the idempotency key). */
async function gatewayPayment(
  ctx: RequestContext,
  checkout: { id: string; userId: string; amountCents: number },
) {
  try {
    return await ctx.payments.createPayment({
      amountCents: checkout.amountCents,
      idempotencyKey: checkout.id,
      description: 'Sala Común · compra en línea',
      metadata: { checkoutId: checkout.id, userId: checkout.userId },
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', m.initFailed);
    throw error;
  }
}

/** The payment of a checkout stored before it had one (or resumed): whatever is stored first stays. */
async function paymentOf(ctx: RequestContext, checkout: CheckoutRow) {
  const payment = await gatewayPayment(ctx, checkout);
  // The idempotency key makes a doubled request find the same payment; whatever is stored first stays.
  const stored = checkout.paymentRef ?? (await setPaymentRef(ctx.db, checkout.id, payment.paymentRef));
  if (stored !== payment.paymentRef) throw new AppError('unavailable', m.initFailed);
  return payment;
}

/**
 * POST /api/checkout: prices the cart from the database (the browser sends products and quantities only), refuses
 * products no longer sold online, and opens the gateway's payment. The same checkout id again resumes it.
 *
 * Issue 20: under a mixed storm this took p50 1.0 s against 180 ms for a booking. It made five separate queries,
 * and on a busy pool each one waits its turn for a connection; a booking waits once (one transaction). Now the
 * reads are one transaction, the gateway is asked outside it (idempotency key: the checkout id), and one insert
 * stores the checkout with its payment.
 */
export async function startCheckout(ctx: ActingContext, input: TStartCheckoutRequest): Promise<TCheckout> {
  const { db, payments: gateway } = ctx;
  const found = await db.transaction(async (tx) => {
    const existing = await findCheckout(tx, input.checkoutId);
    if (existing) return { existing };
    return { lines: await pricedLines(tx, input.items) };
  });
  if (found.existing) return resume(ctx, found.existing, input);

  const lines = found.lines;
  const totals = totalsOf(lines);
  const payment = await gatewayPayment(ctx, {
    id: input.checkoutId,
    userId: ctx.actor.id,
    amountCents: totals.amountCents,
  });
  const inserted = await insertCheckout(db, {
    id: input.checkoutId,
    userId: ctx.actor.id,
    items: lines,
    ...totals,
    gateway: gateway.mode,
    paymentRef: payment.paymentRef,
  });
  if (inserted) return describe(inserted, gateway, payment.clientSecret);
  // A doubled request inserted it first: from here on both read the same row.
  return resume(ctx, (await findCheckout(db, input.checkoutId))!, input);
}

/** The cart's lines priced from the database; products no longer sold online refuse it, each named. */
async function pricedLines(db: DbOrTx, items: TStartCheckoutRequest['items']): Promise<CheckoutItem[]> {
  const products = new Map(
    (
      await productsByIds(
        db,
        items.map((i) => i.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const refused: Record<string, string> = {};
  const lines: CheckoutItem[] = [];
  items.forEach((item, index) => {
    const product = products.get(item.productId);
    if (!product?.isActive || !product.isDigital) {
      refused[`items.${index}`] = m.notForSale(product?.name ?? 'Un producto de tu carrito');
      return;
    }
    lines.push({
      productId: product.id,
      name: product.name,
      unitPriceCents: product.priceCents,
      credits: product.credits,
      extra: product.extra,
      quantity: item.quantity,
    });
  });
  const first = Object.values(refused)[0];
  if (first) throw new AppError('aborted', first, refused);
  return lines;
}

async function resume(
  ctx: ActingContext,
  checkout: CheckoutRow,
  input: TStartCheckoutRequest,
): Promise<TCheckout> {
  if (checkout.userId !== ctx.actor.id) throw notFound();
  if (!sameCart(checkout.items, input.items)) throw new AppError('aborted', m.checkoutChanged);
  if (checkout.status !== 'pending') return describe(checkout, ctx.payments, null);
  const payment = await paymentOf(ctx, checkout);
  return describe({ ...checkout, paymentRef: payment.paymentRef }, ctx.payments, payment.clientSecret);
}

/** GET /api/checkout/:id */
export async function getCheckout(ctx: ActingContext, { id }: { id: string }): Promise<TCheckout> {
  return describe(await ownCheckout(ctx.db, ctx.actor, id), ctx.payments, null);
}

/**
 * Completes a paid checkout exactly once, whichever arrives first (the browser's confirmation, the webhook, a
 * retry): under the checkout's row lock, the order (its payment reference unique), the credits through the
 * ledger (`purchase`) and the receipt in the outbox — or, if it was completed already, what it made.
 */
async function completeIn(
  tx: DbOrTx,
  ctx: RequestContext,
  checkoutId: string,
): Promise<{ result: TPaymentResult; sold: boolean }> {
  const checkout = await findCheckout(tx, checkoutId, { forUpdate: true });
  if (!checkout?.paymentRef) throw notFound();
  const account = await findAccount(tx, checkout.userId);
  if (!account) throw notFound();
  const summary = (order: { id: string; createdAt: Date }, balance: number): TPaymentResult => ({
    status: 'paid',
    order: {
      id: order.id,
      createdAt: order.createdAt.toISOString(),
      items: checkout.items,
      totalCents: checkout.amountCents,
      totalCredits: checkout.totalCredits,
    },
    balance,
  });
  if (checkout.status === 'paid') {
    const order = await orderOfPayment(tx, checkout.paymentRef);
    if (!order) throw notFound();
    return { result: summary(order, account.credits), sold: false };
  }

  const order = await createOnlineOrder(tx, {
    userId: checkout.userId,
    paymentRef: checkout.paymentRef,
    lines: checkout.items,
    totalCents: checkout.amountCents,
  });
  const balance =
    checkout.totalCredits > 0
      ? await applyCreditChange(tx, {
          userId: checkout.userId,
          delta: checkout.totalCredits,
          reason: 'purchase',
          referenceId: order.id,
          note: 'Compra en línea',
        })
      : account.credits;
  await markCheckoutPaid(tx, checkout.id, order.id);
  await ctx.notify.purchaseCompleted(tx, {
    email: account.email,
    name: account.name,
    orderId: order.id,
    lines: checkout.items.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      amountCents: line.unitPriceCents * line.quantity,
    })),
    totalCents: checkout.amountCents,
    credits: checkout.totalCredits,
    balance,
  });
  return { result: summary(order, balance), sold: true };
}

async function complete(ctx: RequestContext, checkoutId: string): Promise<TPaymentResult> {
  const { result, sold } = await ctx.db.transaction((tx) => completeIn(tx, ctx, checkoutId));
  // Counted once the transaction committed: a rolled-back completion is no sale.
  if (sold) ctx.metrics.sale('online');
  return result;
}

/** POST /api/checkout/:id/pay: the test gateway's card, decided at once by its number (docs/business-rules.md D§5). */
export async function payWithTestCard(
  ctx: ActingContext,
  { id, card }: { id: string; card: Parsed<TTestCardRequest> },
): Promise<TPaymentResult> {
  const { payments: gateway } = ctx;
  if (gateway.mode !== 'test' || !gateway.chargeTestCard) throw new AppError('aborted', m.somethingWrong);
  const checkout = await ownCheckout(ctx.db, ctx.actor, id);
  if (checkout.status === 'paid') return complete(ctx, id);
  if (!checkout.paymentRef) throw new AppError('aborted', m.initFailed);
  if (!expiryIsCurrent(card.expiry, ctx.now)) {
    throw new AppError('invalid-argument', m.cardExpiry, { expiry: m.cardExpiry });
  }
  const outcome = await gateway.chargeTestCard(checkout.paymentRef, card.number);
  if (!outcome.ok) {
    await noteCheckoutError(ctx.db, id, outcome.reason);
    throw new AppError('aborted', m.paymentFailed, { card: refusalReasons[outcome.reason] });
  }
  return complete(ctx, id);
}

/** POST /api/checkout/:id/confirm: after Stripe's card element confirmed the payment in the browser. */
export async function confirmPayment(ctx: ActingContext, { id }: { id: string }): Promise<TPaymentResult> {
  const checkout = await ownCheckout(ctx.db, ctx.actor, id);
  if (checkout.status === 'paid') return complete(ctx, id);
  if (!checkout.paymentRef) throw new AppError('aborted', m.initFailed);
  const payment = await ctx.payments.getPayment(checkout.paymentRef).catch((error: unknown) => {
    if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', m.tryLater);
    throw error;
  });
  if (payment.status === 'processing') throw new AppError('aborted', m.tryLater);
  if (payment.status !== 'succeeded') throw new AppError('aborted', m.paymentFailed);
  if (payment.amountCents !== checkout.amountCents) {
    await noteCheckoutError(ctx.db, id, `amount ${payment.amountCents} ≠ ${checkout.amountCents}`);
    throw new AppError('aborted', m.somethingWrong);
  }
  return complete(ctx, id);
}

/**
 * POST /api/payments/stripe/webhook: the signature is checked on the raw body; each event is handled once (its id
 * is recorded in the same transaction that completes the payment, so a failed completion is retried by the next
 * delivery).
 */
export async function handleWebhook(
  ctx: RequestContext,
  { rawBody, signature }: { rawBody: Buffer; signature: string },
): Promise<void> {
  const { payments: gateway, db } = ctx;
  if (!gateway.readWebhook) throw new AppError('not-found', m.checkoutNotFound);
  let event: ReturnType<NonNullable<PaymentGateway['readWebhook']>>;
  try {
    event = gateway.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('invalid-argument', 'La firma del aviso de pago no es válida.');
    }
    throw error;
  }
  const checkoutId =
    event.type === 'payment_intent.succeeded'
      ? (event.checkoutId ??
        (event.paymentRef ? (await findCheckoutByPaymentRef(db, event.paymentRef))?.id : undefined))
      : undefined;
  const sold = await db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return false; // delivered before
    if (!checkoutId) return false; // not a payment of ours to complete
    const checkout = await findCheckout(tx, checkoutId);
    if (!checkout || checkout.paymentRef !== event.paymentRef) return false; // not the payment this checkout opened
    if (event.amountCents !== checkout.amountCents) {
      await noteCheckoutError(tx, checkout.id, `amount ${event.amountCents} ≠ ${checkout.amountCents}`);
      return false;
    }
    return (await completeIn(tx, ctx, checkoutId)).sold;
  });
  if (sold) ctx.metrics.sale('online');
}

/** How long a started card payment may still be confirmed by the gateway (a browser that closed mid-payment). */
const PAYMENT_IN_PROGRESS_MS = 24 * 3_600_000;

/** For the privacy module: a client's card payments that may still complete (an account with one stays open). */
export function paymentsInProgressOf(db: DbOrTx, userId: string, now: Date) {
  return paymentsInProgressOfUser(db, userId, new Date(now.getTime() - PAYMENT_IN_PROGRESS_MS));
}

/** For the privacy module: every online payment the client started, and how it ended. */
export function checkoutsOf(db: DbOrTx, userId: string) {
  return checkoutsOfUser(db, userId);
}
