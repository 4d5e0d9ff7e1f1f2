import { idField, plainText } from '../common/fields';
import { z } from '../common/zod';
import { storeMessages as m } from './store.messages';
import { MAX_CART_QUANTITY, MAX_CHECKOUT_LINES } from './store.rules';

export { MAX_CART_QUANTITY, MAX_CHECKOUT_LINES } from './store.rules';

/** What the browser says it wants to buy: products and quantities only; prices always come from the database. */
export const ZCheckoutItem = z.object({
  productId: idField(),
  quantity: z
    .int({ error: 'La cantidad debe ser un número entero.' })
    .min(1, 'La cantidad debe ser al menos 1.')
    .max(MAX_CART_QUANTITY, `La cantidad máxima es ${MAX_CART_QUANTITY}.`),
});

/**
 * POST /api/checkout — starts (or, with the same checkoutId, resumes) paying for a cart. checkoutId is made by
 * the browser once per attempt: a retried or doubled request finds the same checkout.
 */
/**
 * How a client pays online (issue 24, design §9): a card, decided at once; an OXXO cash voucher; or a SPEI bank
 * transfer. The last two leave an order 'Pendiente de pago' until the gateway confirms the money.
 */
export const ZPayMethod = z.enum(['card', 'oxxo', 'spei'], { error: m.methodInvalid });
export type TPayMethod = z.infer<typeof ZPayMethod>;

/** What the client needs to pay a pending order: the OXXO voucher, or the SPEI transfer's account. */
export const ZPaymentInstructions = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('oxxo'),
    /** The voucher's number (the cashier types it or scans its barcode). */
    number: z.string(),
    /** Stripe's printable voucher page (with the barcode); null in test mode. */
    hostedUrl: z.string().nullable(),
    expiresAt: z.iso.datetime(),
  }),
  z.object({
    kind: z.literal('spei'),
    /** The 18-digit CLABE to transfer to, the bank that holds it and the reference to write. */
    clabe: z.string(),
    bankName: z.string(),
    reference: z.string(),
    /** What to transfer when the client's balance at the gateway already paid part (absent: the total). */
    amountCents: z.int().nonnegative().optional(),
    hostedUrl: z.string().nullable(),
    expiresAt: z.iso.datetime(),
  }),
]);
export type TPaymentInstructions = z.infer<typeof ZPaymentInstructions>;

export const ZStartCheckoutRequest = z.object({
  checkoutId: idField(),
  /** Card when absent (the store's first and default method). */
  method: ZPayMethod.default('card'),
  items: z
    .array(ZCheckoutItem, { error: m.emptyCart })
    .min(1, m.emptyCart)
    .max(MAX_CHECKOUT_LINES, m.tooManyLines),
});
export type TStartCheckoutRequest = z.input<typeof ZStartCheckoutRequest>;

/** A line as the server priced it. */
export const ZPricedItem = z.object({
  productId: z.uuid(),
  name: z.string(),
  unitPriceCents: z.int().nonnegative(),
  credits: z.int().nonnegative(),
  extra: z.int().nonnegative(),
  quantity: z.int().positive(),
  /** Issue 44: the product's validity when the cart was priced; null or absent: its credits never expire. */
  validityDays: z.int().positive().nullable().optional(),
});
export type TPricedItem = z.infer<typeof ZPricedItem>;

export const ZCheckout = z.object({
  checkoutId: z.uuid(),
  /** 'stripe' when the Stripe keys are configured; otherwise the built-in test gateway ('modo de pruebas'). */
  mode: z.enum(['stripe', 'test']),
  status: z.enum(['pending', 'paid', 'failed']),
  items: z.array(ZPricedItem),
  amountCents: z.int().nonnegative(),
  totalCredits: z.int().nonnegative(),
  /** Stripe: what the card element confirms. null for the test gateway. */
  clientSecret: z.string().nullable(),
  publishableKey: z.string().nullable(),
  method: ZPayMethod,
  /** OXXO and SPEI: how to pay, and until when; null for a card. */
  instructions: ZPaymentInstructions.nullable(),
  /** OXXO and SPEI: the order waiting for the payment ('Pendiente de pago'); a card's order exists once paid. */
  orderId: z.uuid().nullable(),
  /** That order's folio for people (issue 39), with it. */
  orderFolio: z.int().positive().nullable(),
});
export type TCheckout = z.infer<typeof ZCheckout>;

/** GET /api/payment-methods — the methods this store takes (PAYMENT_METHODS) and how long a voucher lasts. */
export const ZPaymentMethodsResponse = z.object({
  mode: z.enum(['stripe', 'test']),
  methods: z.array(ZPayMethod),
  oxxoExpiresDays: z.int().min(1).max(7),
});
export type TPaymentMethodsResponse = z.infer<typeof ZPaymentMethodsResponse>;

/** The test gateway's card form (Stripe's test numbers; no real card is ever charged). */
export const ZTestCardRequest = z.object({
  number: plainText(m.cardNumber, 30)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, m.cardNumber)),
  expiry: plainText(m.cardExpiry, 7)
    .trim()
    .pipe(z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.cardExpiry)),
  cvc: plainText(m.cardCvc, 4).pipe(z.string().regex(/^\d{3,4}$/, m.cardCvc)),
  // As printed on a card: letters, spaces and . ' - only.
  holder: plainText(m.cardHolder, 80)
    .trim()
    .pipe(z.string().regex(/^[\p{L}][\p{L} .'-]+$/u, m.cardHolder)),
});
export type TTestCardRequest = z.input<typeof ZTestCardRequest>;

/** What a completed payment made: the order and the client's balance after its credits. */
export const ZPaymentResult = z.object({
  status: z.literal('paid'),
  order: z.object({
    id: z.uuid(),
    /** The order's folio for people (issue 39). */
    folio: z.int().positive(),
    createdAt: z.iso.datetime(),
    items: z.array(ZPricedItem),
    totalCents: z.int().nonnegative(),
    totalCredits: z.int().nonnegative(),
  }),
  balance: z.int().nonnegative(),
});
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

/** Whether an expiry 'MM/AA' is this month or later (cards expire at the end of their month). */
export function expiryIsCurrent(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = new Date(Date.UTC(2000 + year, month, 1));
  return endOfMonth.getTime() > now.getTime();
}
