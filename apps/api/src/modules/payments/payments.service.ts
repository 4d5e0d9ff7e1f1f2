import type { DbOrTx } from '@sala/db/client';
import type { CheckoutItem } from '@sala/db/schema/payments';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { lotExpiresOn } from '@sala/shared/credits/credit-lots.schedule';
import type { TCancelOrderResponse, TOrderTicket } from '@sala/shared/orders/orders.contract';
import { orderMessages } from '@sala/shared/orders/orders.messages';
import {
  expiryIsCurrent,
  type TCheckout,
  type TPaymentMethodsResponse,
  type TPaymentResult,
  type TStartCheckoutRequest,
  type TTestCardRequest,
} from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { lineCredits, OXXO_MAX_CENTS, totalsOf } from '@sala/shared/store/store.rules';
import { businessDate } from '@sala/shared/time/business-time';
import type { ActingContext, RequestContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { earlierOr } from '../../lib/earlier-or';
import {
  type CardRefusal,
  GatewayUnavailableError,
  type PaymentGateway,
  type PaymentInstructions,
  type WebhookEvent,
  WebhookSignatureError,
} from '../../lib/payments/gateway';
import { grantCredits } from '../credits/credits.service';
import {
  cancelPendingOrderIn,
  createOnlineOrder,
  createPendingOnlineOrder,
  endCancel,
  expirePendingOrder,
  getOrderTicket,
  lockOrderForPayment,
  markPendingPaid,
  noteOrderFunding,
  orderOfPayment,
  pendingOrderInstructions,
  startCancel,
} from '../orders/orders.service';
import { productsByIds } from '../products/products.service';
import { findAccount } from '../users/users.service';
import {
  CARD_CONFIRMATION_MS,
  CHECK_LEASE_MS,
  nextCheckAt,
  paymentExpiry,
  settleDeadline,
} from './payment-deadlines';
import {
  type CheckoutRow,
  checkoutsOfUser,
  claimDueCheckouts,
  type DueCheckout,
  findCheckout,
  findCheckoutByPaymentRef,
  findPaymentCustomer,
  insertCheckout,
  keepPaymentCustomer,
  markCheckoutFailed,
  markCheckoutPaid,
  noteCheckoutError,
  paymentsInProgressOfUser,
  recordEvent,
  scheduleCheck,
  setCheckoutOrder,
  setCustomerBalance,
  setPaymentRef,
} from './payments.repository';

/** What settling a payment needs: no request, no actor (the webhook, reconciliation, a test payment). */
export type PaymentsContext = Pick<
  RequestContext,
  'db' | 'now' | 'payments' | 'notify' | 'metrics' | 'paymentOptions'
>;

type Parsed<T> = T extends { number: string }
  ? { number: string; expiry: string; cvc: string; holder: string }
  : T;

const refusalReasons: Record<CardRefusal, string> = {
  declined: m.cardDeclined,
  insufficient_funds: m.insufficientFunds,
  invalid: m.cardInvalid,
};

const notFound = () => new AppError('not-found', m.checkoutNotFound);

/** A checkout's lines as its e-mails list them: name, quantity and amount. */
const receiptLines = (items: CheckoutItem[]) =>
  items.map((line) => ({
    name: line.name,
    quantity: line.quantity,
    amountCents: line.unitPriceCents * line.quantity,
  }));

function describe(
  checkout: CheckoutRow,
  gateway: PaymentGateway,
  clientSecret: string | null,
  pending: { instructions: PaymentInstructions | null; folio: number | null } = {
    instructions: null,
    folio: null,
  },
): TCheckout {
  return {
    checkoutId: checkout.id,
    mode: checkout.gateway,
    status: checkout.status,
    items: checkout.items,
    amountCents: checkout.amountCents,
    totalCredits: checkout.totalCredits,
    clientSecret: checkout.status === 'pending' && checkout.method === 'card' ? clientSecret : null,
    publishableKey: gateway.publishableKey,
    method: checkout.method,
    instructions: pending.instructions,
    orderId: checkout.method === 'card' ? null : checkout.orderId,
    orderFolio: checkout.method === 'card' ? null : pending.folio,
  };
}

/** An OXXO or SPEI checkout as the client sees it again: with the instructions its pending order keeps. */
async function describeStored(ctx: RequestContext, checkout: CheckoutRow): Promise<TCheckout> {
  const pending = checkout.orderId ? await pendingOrderInstructions(ctx.db, checkout.orderId) : undefined;
  return describe(checkout, ctx.payments, null, pending);
}

/** GET /api/payment-methods: what the store takes (PAYMENT_METHODS) and how long a voucher lasts. */
export function paymentMethods(ctx: RequestContext): TPaymentMethodsResponse {
  return {
    mode: ctx.payments.mode,
    methods: ctx.paymentOptions.methods,
    oxxoExpiresDays: ctx.paymentOptions.oxxoExpiresDays,
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

const unavailableToClient = (error: unknown): never => {
  if (error instanceof GatewayUnavailableError) throw new AppError('unavailable', m.initFailed);
  throw error;
};

/** The gateway's payment for a card checkout (created once: the checkout id is the idempotency key). */
async function gatewayPayment(
  ctx: RequestContext,
  checkout: { id: string; userId: string; amountCents: number },
) {
  return ctx.payments
    .createPayment({
      amountCents: checkout.amountCents,
      idempotencyKey: checkout.id,
      description: 'Sala Común · compra en línea',
      metadata: { checkoutId: checkout.id, userId: checkout.userId },
    })
    .catch(unavailableToClient);
}

/**
 * The client's customer at the gateway, for SPEI (Stripe gives each customer one CLABE and keeps an overpayment in
 * its balance): made at the first SPEI checkout, outside any transaction, and kept once.
 */
async function customerOf(ctx: ActingContext): Promise<string> {
  const { db, payments: gateway, actor } = ctx;
  const known = await findPaymentCustomer(db, actor.id, gateway.mode);
  if (known) return known;
  const made = await gateway
    .createCustomer({ name: actor.name, email: actor.email, idempotencyKey: `customer-${actor.id}` })
    .catch(unavailableToClient);
  return (await keepPaymentCustomer(db, {
    userId: actor.id,
    gateway: gateway.mode,
    customerRef: made.customerRef,
  }))!;
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
 *
 * Issue 24: OXXO and SPEI are confirmed at the gateway at once (the voucher, the CLABE), and the checkout, its
 * pending order and the e-mail with the instructions are written in one transaction after it.
 */
export async function startCheckout(ctx: ActingContext, input: TStartCheckoutRequest): Promise<TCheckout> {
  const { db, payments: gateway } = ctx;
  const method = input.method ?? 'card';
  if (!ctx.paymentOptions.methods.includes(method))
    throw new AppError('invalid-argument', m.methodNotOffered, { method: m.methodNotOffered });
  // A doubled or retried start finds its checkout; a new one needs its cart priced. Both asked at once.
  const { earlier, work: lines } = await earlierOr(
    findCheckout(db, input.checkoutId),
    pricedLines(db, input.items),
  );
  if (earlier) return resume(ctx, earlier, input);

  const totals = totalsOf(lines);
  if (method === 'oxxo' && totals.amountCents > OXXO_MAX_CENTS)
    throw new AppError('aborted', m.oxxoTooLarge, { method: m.oxxoTooLarge });
  if (method !== 'card') return startLaterPayment(ctx, input, method, lines, totals);
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
    method,
    expiresAt: paymentExpiryOf('card', ctx),
    nextCheckAt: nextCheckAt({ method, createdAt: ctx.now, expiresAt: null, checks: 0 }, ctx.now),
  });
  if (inserted) return describe(inserted, gateway, payment.clientSecret);
  // A doubled request inserted it first: from here on both read the same row.
  return resumeStoredFirst(ctx, input);
}

/** A card's window to be confirmed, or the end of OXXO's voucher (and SPEI's wait): the last Mexico City day's end. */
function paymentExpiryOf(
  method: 'card' | 'oxxo' | 'spei',
  ctx: Pick<RequestContext, 'now' | 'paymentOptions'>,
) {
  return method === 'card'
    ? settleDeadline('card', ctx.now, null)
    : paymentExpiry(ctx.now, ctx.paymentOptions.oxxoExpiresDays);
}

/**
 * OXXO or SPEI: the gateway confirms the payment with the client's name and e-mail (SPEI: the client's customer)
 * and answers the voucher or the CLABE; then one transaction stores the checkout, its pending order (no credits
 * yet) and the e-mail that tells the client how to pay. A doubled request gets the same payment (idempotency
 * key) and finds the first one's rows.
 */
async function startLaterPayment(
  ctx: ActingContext,
  input: TStartCheckoutRequest,
  method: 'oxxo' | 'spei',
  lines: CheckoutItem[],
  totals: { amountCents: number; totalCredits: number },
): Promise<TCheckout> {
  const { db, payments: gateway, actor } = ctx;
  if (!actor.name.trim() || !actor.email) throw new AppError('aborted', m.payerMissing);
  const expiresAt = paymentExpiryOf(method, ctx);
  const customerRef = method === 'spei' ? await customerOf(ctx) : undefined;
  const payment = await gateway
    .createPayment({
      amountCents: totals.amountCents,
      idempotencyKey: input.checkoutId,
      description: 'Sala Común · compra en línea',
      metadata: { checkoutId: input.checkoutId, userId: actor.id },
      method,
      payer: { name: actor.name, email: actor.email },
      customerRef,
      expiresAt,
      expiresAfterDays: ctx.paymentOptions.oxxoExpiresDays,
    })
    .catch(unavailableToClient);
  const instructions = payment.instructions;
  // Paid at once (SPEI from the client's balance at Stripe): the order is made and completed in one go.
  const paidAtOnce = payment.status === 'succeeded';
  if (!instructions && !paidAtOnce) throw new AppError('unavailable', m.initFailed);
  const made = await db.transaction(async (tx) => {
    const checkout = await insertCheckout(tx, {
      id: input.checkoutId,
      userId: actor.id,
      items: lines,
      ...totals,
      gateway: gateway.mode,
      paymentRef: payment.paymentRef,
      method,
      expiresAt,
      nextCheckAt: nextCheckAt({ method, createdAt: ctx.now, expiresAt, checks: 0 }, ctx.now),
    });
    if (!checkout) return undefined;
    const order = await createPendingOnlineOrder(tx, {
      userId: actor.id,
      paymentRef: payment.paymentRef,
      method,
      lines,
      totalCents: totals.amountCents,
      instructions,
      expiresAt,
      at: ctx.now,
    });
    await setCheckoutOrder(tx, checkout.id, order.id);
    if (paidAtOnce || !instructions) {
      const { sold } = await completeIn(tx, ctx, checkout.id);
      return { checkout: (await findCheckout(tx, checkout.id))!, folio: order.folio, sold };
    }
    await ctx.notify.paymentPending(tx, {
      email: actor.email,
      name: actor.name,
      folio: order.folio,
      lines: receiptLines(lines),
      totalCents: totals.amountCents,
      credits: totals.totalCredits,
      instructions,
    });
    return { checkout: { ...checkout, orderId: order.id }, folio: order.folio, sold: false };
  });
  if (made?.sold) ctx.metrics.sale('online');
  if (made)
    return describe(made.checkout, gateway, null, {
      instructions: made.checkout.status === 'pending' ? instructions : null,
      folio: made.folio,
    });
  // A doubled request stored it first.
  return resumeStoredFirst(ctx, input);
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
      validityDays: product.validityDays,
    });
  });
  const first = Object.values(refused)[0];
  if (first) throw new AppError('aborted', first, refused);
  return lines;
}

/**
 * The checkout a doubled start stored first, resumed. Its insert stored nothing because a row with the same id or the
 * same payment is there; a payment held by another checkout (the gateway answering another key's payment) cannot be
 * resumed, and the start is refused as the gateway's failure.
 */
async function resumeStoredFirst(ctx: ActingContext, input: TStartCheckoutRequest): Promise<TCheckout> {
  const stored = await findCheckout(ctx.db, input.checkoutId);
  if (!stored) throw new AppError('unavailable', m.initFailed);
  return resume(ctx, stored, input);
}

async function resume(
  ctx: ActingContext,
  checkout: CheckoutRow,
  input: TStartCheckoutRequest,
): Promise<TCheckout> {
  if (checkout.userId !== ctx.actor.id) throw notFound();
  if (!sameCart(checkout.items, input.items)) throw new AppError('aborted', m.checkoutChanged);
  if (checkout.method !== (input.method ?? 'card')) throw new AppError('aborted', m.checkoutMethodChanged);
  if (checkout.method !== 'card') return describeStored(ctx, checkout);
  if (checkout.status !== 'pending') return describe(checkout, ctx.payments, null);
  const payment = await paymentOf(ctx, checkout);
  return describe({ ...checkout, paymentRef: payment.paymentRef }, ctx.payments, payment.clientSecret);
}

/** GET /api/checkout/:id */
export async function getCheckout(ctx: ActingContext, { id }: { id: string }): Promise<TCheckout> {
  const checkout = await ownCheckout(ctx.db, ctx.actor, id);
  return checkout.method === 'card' ? describe(checkout, ctx.payments, null) : describeStored(ctx, checkout);
}

type OrderMade = { id: string; folio: number; createdAt: Date };

/**
 * Completes a paid checkout exactly once, whichever arrives first (the browser's confirmation, the webhook,
 * reconciliation, a retry): under the checkout's row lock, the order (a card's is made now, its payment reference
 * unique; OXXO's and SPEI's pending one is completed, counted on this day), the credits through the ledger
 * (`purchase`) and the receipt in the outbox — or, if it was completed already, what it made. A confirmed payment
 * completes an order that had expired (the money came); an order staff cancelled stays cancelled (noted).
 */
async function completeIn(
  tx: DbOrTx,
  ctx: PaymentsContext,
  checkoutId: string,
): Promise<{ result: TPaymentResult | null; sold: boolean }> {
  const checkout = await findCheckout(tx, checkoutId, { forUpdate: true });
  if (!checkout?.paymentRef) throw notFound();
  const account = await findAccount(tx, checkout.userId);
  if (!account) throw notFound();
  const summary = (order: OrderMade, balance: number): TPaymentResult => ({
    status: 'paid',
    order: {
      id: order.id,
      folio: order.folio,
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

  let order: OrderMade | undefined;
  if (checkout.method === 'card') {
    order = await createOnlineOrder(tx, {
      userId: checkout.userId,
      paymentRef: checkout.paymentRef,
      lines: checkout.items,
      totalCents: checkout.amountCents,
    });
  } else {
    const pending = checkout.orderId ? await lockOrderForPayment(tx, checkout.orderId) : undefined;
    order = pending
      ? await markPendingPaid(
          tx,
          { id: pending.id, method: checkout.method, totalCents: pending.totalCents },
          ctx.now,
        )
      : undefined;
    if (!order) {
      await noteCheckoutError(tx, checkout.id, 'payment confirmed for an order that was cancelled');
      return { result: null, sold: false };
    }
  }
  // Each line's credits expire its product's validity after the day the payment was confirmed (design §15).
  const confirmedOn = businessDate(ctx.now);
  const balance =
    checkout.totalCredits > 0
      ? await grantCredits(tx, {
          userId: checkout.userId,
          reason: 'purchase',
          source: 'purchase',
          referenceId: order.id,
          note: 'Compra en línea',
          now: ctx.now,
          lots: checkout.items.map((line) => ({
            credits: lineCredits(line),
            expiresOn: lotExpiresOn(confirmedOn, line.validityDays),
          })),
        })
      : account.credits;
  await markCheckoutPaid(tx, checkout.id, order.id);
  await ctx.notify.purchaseCompleted(tx, {
    email: account.email,
    name: account.name,
    folio: order.folio,
    method: checkout.method,
    lines: receiptLines(checkout.items),
    totalCents: checkout.amountCents,
    credits: checkout.totalCredits,
    balance,
  });
  return { result: summary(order, balance), sold: true };
}

/** Settles a confirmed payment in its own transaction; counted once it committed (a rollback is no sale). */
async function settlePaid(ctx: PaymentsContext, checkoutId: string) {
  const { result, sold } = await ctx.db.transaction((tx) => completeIn(tx, ctx, checkoutId));
  if (sold) ctx.metrics.sale('online');
  return result;
}

async function complete(ctx: PaymentsContext, checkoutId: string): Promise<TPaymentResult> {
  const result = await settlePaid(ctx, checkoutId);
  if (!result) throw notFound();
  return result;
}

/**
 * A payment that will not come (the voucher expired, the gateway cancelled or failed it), under the checkout's row
 * lock: its pending order expires, nothing is granted. A checkout paid (or settled) meanwhile is left alone.
 */
async function expireIn(tx: DbOrTx, checkoutId: string, reason: string): Promise<boolean> {
  const checkout = await findCheckout(tx, checkoutId, { forUpdate: true });
  if (checkout?.status !== 'pending') return false;
  if (checkout.orderId && checkout.method !== 'card') await expirePendingOrder(tx, checkout.orderId);
  await markCheckoutFailed(tx, checkoutId, reason);
  return true;
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
  // An OXXO voucher or a SPEI transfer is paid at OXXO or from a bank, never with a card (not even a test one).
  if (checkout.method !== 'card') throw new AppError('aborted', m.checkoutMethodChanged);
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
 * is recorded in the same transaction that acts on it, so a failed handling is retried by the next delivery).
 * `payment_intent.succeeded` completes the payment; `payment_failed` (an OXXO voucher that expired) and `canceled`
 * expire it; `partially_funded` records what a SPEI transfer brought; `cash_balance.funds_available` what a
 * client's balance holds (an overpayment), for staff.
 */
export async function handleWebhook(
  ctx: RequestContext,
  { rawBody, signature }: { rawBody: Buffer; signature: string },
): Promise<void> {
  const { payments: gateway, db } = ctx;
  if (!gateway.readWebhook) throw new AppError('not-found', m.checkoutNotFound);
  let event: WebhookEvent;
  try {
    event = gateway.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('invalid-argument', 'La firma del aviso de pago no es válida.');
    }
    throw error;
  }
  const checkoutId =
    event.paymentRef && event.type.startsWith('payment_intent.')
      ? (event.checkoutId ?? (await findCheckoutByPaymentRef(db, event.paymentRef))?.id)
      : undefined;
  const sold = await db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return false; // delivered before
    if (event.customerBalance) {
      await setCustomerBalance(tx, event.customerBalance.customerRef, event.customerBalance.balanceCents);
      return false;
    }
    if (!checkoutId) return false; // not a payment of ours
    // The checkout's lock first, then the order's (funding, completion): the order every path takes them in.
    const checkout = await findCheckout(tx, checkoutId, { forUpdate: true });
    if (!checkout || checkout.paymentRef !== event.paymentRef) return false; // not the payment this checkout opened
    if (event.funding && checkout.orderId && checkout.method === 'spei')
      await noteOrderFunding(tx, checkout.orderId, { ...event.funding, customerBalanceCents: null });
    switch (event.type) {
      case 'payment_intent.succeeded':
        if (event.amountCents !== checkout.amountCents) {
          await noteCheckoutError(tx, checkout.id, `amount ${event.amountCents} ≠ ${checkout.amountCents}`);
          return false;
        }
        return (await completeIn(tx, ctx, checkoutId)).sold;
      case 'payment_intent.payment_failed':
        // A card's failure is one refused card (the client may try another); OXXO's is its voucher expiring.
        if (checkout.method !== 'card') await expireIn(tx, checkoutId, 'payment_failed');
        return false;
      case 'payment_intent.canceled':
        await expireIn(tx, checkoutId, 'canceled at the gateway');
        return false;
      default:
        return false;
    }
  });
  if (sold) ctx.metrics.sale('online');
}

/**
 * Reconciliation (issue 24), one run of one process: claims the unsettled payments whose check is due (SKIP
 * LOCKED, see claimDueCheckouts) and asks the gateway about each, outside any transaction. Paid → completed by
 * the same once-only path as the webhook; failed → expired; past its deadline and still unpaid → cancelled at the
 * gateway and expired (or completed, if the money came first); otherwise asked again later. Answers how many
 * it settled.
 */
export async function reconcilePayments(
  ctx: PaymentsContext & { log?: { warn: (object: object, message: string) => void } },
  options: { limit?: number } = {},
): Promise<{ checked: number; paid: number; expired: number }> {
  const claimed = await claimDueCheckouts(ctx.db, {
    now: ctx.now,
    leaseUntil: new Date(ctx.now.getTime() + CHECK_LEASE_MS),
    limit: options.limit ?? 20,
  });
  const tally = { checked: claimed.length, paid: 0, expired: 0 };
  for (const due of claimed) {
    try {
      const outcome = await reconcileOne(ctx, due);
      if (outcome === 'paid') tally.paid++;
      if (outcome === 'expired') tally.expired++;
    } catch (error) {
      // Left claimed: asked again when the lease ends.
      ctx.log?.warn({ err: error, checkoutId: due.id }, 'payment reconciliation failed; will retry');
    }
  }
  return tally;
}

async function reconcileOne(ctx: PaymentsContext, due: DueCheckout): Promise<'paid' | 'expired' | 'waiting'> {
  const { db, payments: gateway, now } = ctx;
  if (!due.paymentRef || due.gateway !== gateway.mode) {
    const past = now >= settleDeadline(due.method, due.createdAt, due.expiresAt);
    // A test payment can never be paid once real payments are on: past its deadline it expires. Another
    // gateway's real payment only that gateway can settle (its webhook still completes it): asked every 6 hours.
    if (past && due.gateway === 'test') {
      await db.transaction((tx) => expireIn(tx, due.id, 'test payment under another gateway'));
      return 'expired';
    }
    await scheduleCheck(db, due.id, past ? new Date(now.getTime() + 6 * 3_600_000) : nextCheckAt(due, now));
    return 'waiting';
  }
  const payment = await gateway.getPayment(due.paymentRef);
  if (payment.funding && due.orderId && due.method === 'spei')
    await noteOrderFunding(db, due.orderId, { ...payment.funding, customerBalanceCents: null });
  let status = payment.status;
  if (
    status !== 'succeeded' &&
    status !== 'failed' &&
    now >= settleDeadline(due.method, due.createdAt, due.expiresAt)
  ) {
    status = (await gateway.cancelPayment(due.paymentRef)).status === 'succeeded' ? 'succeeded' : 'failed';
  }
  if (status === 'succeeded') {
    const amount =
      payment.status === 'succeeded'
        ? payment.amountCents
        : (await gateway.getPayment(due.paymentRef)).amountCents;
    if (amount !== due.amountCents) {
      await noteCheckoutError(db, due.id, `amount ${amount} ≠ ${due.amountCents}`);
      await scheduleCheck(db, due.id, nextCheckAt(due, now));
      return 'waiting';
    }
    await settlePaid(ctx, due.id);
    return 'paid';
  }
  if (status === 'failed') {
    await db.transaction((tx) => expireIn(tx, due.id, 'not paid in time (reconciliation)'));
    return 'expired';
  }
  await scheduleCheck(db, due.id, nextCheckAt(due, now));
  return 'waiting';
}

/**
 * The checkout of a pending online order, and the order under its lock's view (for 'simular pago'): the locking read
 * runs on its own, outside a transaction, so it waits for a payment or cancel holding the order and sees what that
 * left, and lets go at once (issue 46: a BEGIN and a COMMIT fewer).
 */
async function pendingPaymentOf(ctx: ActingContext, orderId: string) {
  const order = await lockOrderForPayment(ctx.db, orderId);
  if (!order) throw new AppError('not-found', orderMessages.notFound);
  const checkout = order.paymentRef ? await findCheckoutByPaymentRef(ctx.db, order.paymentRef) : undefined;
  return { order, checkout };
}

/**
 * POST /api/orders/:id/cancel (docs/business-rules.md D§4; issue 24). A pending OXXO or SPEI order is cancelled at
 * the gateway first (outside any transaction), so no money can complete it any more, then marked cancelled with
 * nothing to take back; if the money had come first, the order is completed instead and the super admin is told.
 * Any other order is cancelled as before (orders.service), its first step in the transaction that locked the order
 * to see which kind it is.
 */
export async function cancelOrder(ctx: ActingContext, { id }: { id: string }): Promise<TCancelOrderResponse> {
  const first = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrderForPayment(tx, id);
    if (locked?.status === 'pending') return { pending: locked };
    return { started: await startCancel(ctx, tx, locked) };
  });
  if (first.started) return endCancel(ctx, first.started);
  const order = first.pending;
  const checkout = order.paymentRef ? await findCheckoutByPaymentRef(ctx.db, order.paymentRef) : undefined;
  if (!checkout) throw new AppError('not-found', orderMessages.notFound);
  // A test payment left from test mode can never be paid: nothing to cancel at a gateway. A real payment of
  // another gateway can only be cancelled there.
  const testLeftover = checkout.gateway === 'test' && ctx.payments.mode !== 'test';
  if (checkout.gateway !== ctx.payments.mode && !testLeftover)
    throw new AppError('unavailable', orderMessages.pendingGatewayChanged);
  let outcome: { status: 'canceled' | 'succeeded' };
  try {
    outcome = testLeftover ? { status: 'canceled' } : await ctx.payments.cancelPayment(order.paymentRef!);
  } catch (error) {
    if (error instanceof GatewayUnavailableError)
      throw new AppError('unavailable', orderMessages.pendingCancelFailed);
    throw error;
  }
  if (outcome.status === 'succeeded') {
    await settlePaid(ctx, checkout.id);
    throw new AppError('aborted', orderMessages.paidMeanwhile);
  }
  const answer = await ctx.db.transaction(async (tx) => {
    // The checkout's lock first, then the order's: the order completion takes them (no deadlock between the two).
    await findCheckout(tx, checkout.id, { forUpdate: true });
    const locked = await lockOrderForPayment(tx, id);
    if (locked?.status === 'cancelled') throw new AppError('aborted', orderMessages.alreadyCancelled);
    // Stripe's own `payment_intent.canceled` may have been handled before this answer came back and expired the
    // order: it was this cancel, so it ends cancelled all the same.
    if (locked?.status !== 'pending' && locked?.status !== 'expired')
      throw new AppError('aborted', orderMessages.notPending);
    await markCheckoutFailed(tx, checkout.id, 'cancelled by staff');
    return cancelPendingOrderIn(ctx, tx, id);
  });
  ctx.metrics.orderCancelled();
  return answer;
}

/**
 * POST /api/orders/:id/simulate-payment: test mode only (design §9). Runs, for a pending OXXO or SPEI order of the
 * test gateway, the confirmation a webhook would: credits once, receipt, order completed on this day.
 */
export async function simulatePayment(ctx: ActingContext, { id }: { id: string }): Promise<TOrderTicket> {
  if (ctx.payments.mode !== 'test') throw new AppError('aborted', orderMessages.notSimulatable);
  const { order, checkout } = await pendingPaymentOf(ctx, id);
  if (checkout?.gateway !== 'test' || checkout.method === 'card')
    throw new AppError('aborted', orderMessages.notSimulatable);
  if (order.status !== 'pending') throw new AppError('aborted', orderMessages.notPending);
  // Cancelled between the look and the lock: nothing was paid.
  if (!(await settlePaid(ctx, checkout.id))) throw new AppError('aborted', orderMessages.notPending);
  return getOrderTicket(ctx.db, id);
}

/**
 * For the privacy module: a client's payments that may still complete (an account with one stays open): card
 * payments started within their confirmation window, and OXXO and SPEI ones until the gateway settles them.
 */
export function paymentsInProgressOf(db: DbOrTx, userId: string, now: Date) {
  return paymentsInProgressOfUser(db, userId, new Date(now.getTime() - CARD_CONFIRMATION_MS));
}

/** For the privacy module: every online payment the client started, and how it ended. */
export function checkoutsOf(db: DbOrTx, userId: string) {
  return checkoutsOfUser(db, userId);
}
