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
export const ZStartCheckoutRequest = z.object({
  checkoutId: idField(),
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
});
export type TCheckout = z.infer<typeof ZCheckout>;

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
