import { emailField } from '../auth/auth.fields';
import { plainText } from '../common/fields';
import { z } from '../common/zod';
import { ZPaymentInstructions } from '../store/store.contract';
import { pageQuery, pageResponse } from '../table/table.contract';
import { orderMessages as m } from './orders.messages';

/** 'pending': an OXXO or SPEI payment not confirmed yet; 'expired': its time ran out unpaid (issue 24). */
export const ZOrderStatus = z.enum(['pending', 'completed', 'cancelled', 'expired']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const ZPaymentMethod = z.enum(['cash', 'card', 'transfer', 'mixed', 'oxxo', 'spei']);
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/**
 * What the gateway said about a SPEI transfer's money (design §9: shown to staff, never guessed): received so far,
 * still missing (an underpayment waits in the client's balance at Stripe) and the client's unapplied balance there
 * (an overpayment's excess), when known.
 */
export const ZPaymentFunding = z.object({
  receivedCents: z.int().nonnegative(),
  remainingCents: z.int().nonnegative(),
  customerBalanceCents: z.int().nonnegative().nullable(),
});
export type TPaymentFunding = z.infer<typeof ZPaymentFunding>;

/** A line of an order as sold: the product's name and price then, and the credits it granted. */
export const ZOrderLine = z.object({
  name: z.string(),
  quantity: z.int().positive(),
  unitPriceCents: z.int().nonnegative(),
  creditsGranted: z.int().nonnegative(),
});

/** The order's folio for people (issue 39): shown with formatFolio ("A-00123"); the id stays internal. */
export const ZOrderFolio = z.int().positive();

/** GET /api/orders/:id — an order in full: its details and its printable ticket. Money in centavos. */
export const ZOrderTicket = z.object({
  id: z.uuid(),
  folio: ZOrderFolio,
  createdAt: z.iso.datetime(),
  status: ZOrderStatus,
  isPos: z.boolean(),
  method: ZPaymentMethod,
  branchName: z.string().nullable(),
  cashierName: z.string(),
  /** A walk-in sale ("Público en general", issue 22) has no client: no id, empty e-mail and phone. */
  client: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string(), phone: z.string() }),
  items: z.array(ZOrderLine),
  totalCents: z.int().nonnegative(),
  paidCashCents: z.int().nonnegative(),
  paidCardCents: z.int().nonnegative(),
  paidTransferCents: z.int().nonnegative(),
  changeCents: z.int().nonnegative(),
  creditsGranted: z.int().nonnegative(),
  cancelledAt: z.iso.datetime().nullable(),
  /** A card payment made online and given back when the order was cancelled. */
  refunded: z.boolean(),
  /** When the money was confirmed (the corte's day); null while pending or expired. */
  paidAt: z.iso.datetime().nullable(),
  /** OXXO or SPEI: the voucher or the transfer's account the client was given. */
  instructions: ZPaymentInstructions.nullable(),
  /** SPEI: what the gateway reported about the money received. */
  funding: ZPaymentFunding.nullable(),
  /** Test mode only: staff may run the confirmation of this pending payment ('Simular pago'). */
  canSimulatePayment: z.boolean(),
});
export type TOrderTicket = z.infer<typeof ZOrderTicket>;

/** A row of /admin/ordenes. */
export const ZOrderRow = z.object({
  id: z.uuid(),
  folio: ZOrderFolio,
  createdAt: z.iso.datetime(),
  clientName: z.string(),
  clientPhone: z.string(),
  /** The first two products ('Paquete × 2'); moreProducts counts the rest ('N más'). */
  products: z.array(z.string()),
  moreProducts: z.int().nonnegative(),
  cashierName: z.string(),
  status: ZOrderStatus,
  isPos: z.boolean(),
  method: ZPaymentMethod,
  totalCents: z.int().nonnegative(),
});
export type TOrderRow = z.infer<typeof ZOrderRow>;

export const orderSortable = ['createdAt', 'totalCents', 'clientName', 'cashierName', 'status'] as const;

/**
 * GET /api/orders — newest first by default; q finds the client by name, e-mail or phone, or the order by its folio
 * ("A-00123" that one only; "00123" or "123" that one first, then clients whose phone holds those digits).
 */
export const ZOrderListQuery = pageQuery(orderSortable, 'createdAt').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
  /** Only orders in this state (staff look for pending and expired payments). */
  status: ZOrderStatus.optional(),
  /** Issue 42: with an invoice of their own, in a global invoice, or with none (Facturada / En factura global / Sin factura). */
  invoice: z
    .enum(['invoiced', 'in_global', 'not_invoiced'], { error: 'Elige un filtro de factura de la lista.' })
    .optional(),
});
export type TOrderListQuery = z.output<typeof ZOrderListQuery>;
export const ZOrderListResponse = pageResponse(ZOrderRow);

/** POST /api/orders/:id/cancel — the typed phrase, checked by the API too. */
export const ZCancelOrderRequest = z.object({
  confirmation: plainText(m.phraseMismatch, 100).refine(
    (value) => value.trim() === m.cancelPhrase,
    m.phraseMismatch,
  ),
});
export type TCancelOrderRequest = z.input<typeof ZCancelOrderRequest>;

export const ZCancelOrderResponse = z.object({
  order: ZOrderTicket,
  /** Credits taken back from the client, and those it had already spent (never below 0). */
  creditsTakenBack: z.int().nonnegative(),
  creditsNotTakenBack: z.int().nonnegative(),
  refunded: z.boolean(),
});
export type TCancelOrderResponse = z.infer<typeof ZCancelOrderResponse>;

/** POST /api/orders/:id/send-ticket — the ticket of a sale, by e-mail to an address the client gives at the counter. */
export const ZSendTicketRequest = z.object({
  email: emailField('Escribe el correo al que enviamos el ticket.', 'El correo no es válido.'),
});
export type TSendTicketRequest = z.input<typeof ZSendTicketRequest>;
