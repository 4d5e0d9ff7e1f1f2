import { emailField } from '../auth/auth.contract';
import { plainText } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { orderMessages as m } from './orders.messages';

export const ZOrderStatus = z.enum(['pending', 'completed', 'cancelled']);
export type TOrderStatus = z.infer<typeof ZOrderStatus>;
export const ZPaymentMethod = z.enum(['cash', 'card', 'transfer', 'mixed']);

/** A line of an order as sold: the product's name and price then, and the credits it granted. */
export const ZOrderLine = z.object({
  name: z.string(),
  quantity: z.int().positive(),
  unitPriceCents: z.int().nonnegative(),
  creditsGranted: z.int().nonnegative(),
});

/** GET /api/orders/:id — an order in full: its details and its printable ticket. Money in centavos. */
export const ZOrderTicket = z.object({
  id: z.uuid(),
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
});
export type TOrderTicket = z.infer<typeof ZOrderTicket>;

/** A row of /admin/ordenes. */
export const ZOrderRow = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  clientName: z.string(),
  clientPhone: z.string(),
  /** The first two products ('Paquete × 2'); moreProducts counts the rest ('N más'). */
  products: z.array(z.string()),
  moreProducts: z.int().nonnegative(),
  cashierName: z.string(),
  status: ZOrderStatus,
  isPos: z.boolean(),
  totalCents: z.int().nonnegative(),
});
export type TOrderRow = z.infer<typeof ZOrderRow>;

export const orderSortable = ['createdAt', 'totalCents', 'clientName', 'cashierName', 'status'] as const;

/** GET /api/orders — newest first by default; q finds the client by name, e-mail or phone. */
export const ZOrderListQuery = pageQuery(orderSortable, 'createdAt').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
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
