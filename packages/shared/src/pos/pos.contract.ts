import { drawerCents } from '../cash-drawer/drawer.contract';
import { drawerMessages } from '../cash-drawer/drawer.messages';
import { idField } from '../common/fields';
import { z } from '../common/zod';
import { ZOrderTicket } from '../orders/orders.contract';
import { posMessages as m } from './pos.messages';
import { MAX_POS_LINES, MAX_POS_QUANTITY, MAX_POS_TOTAL_CENTS } from './pos.rules';

const amount = () =>
  z
    .int({ error: m.invalidAmount })
    .min(0, m.invalidAmount)
    .max(MAX_POS_TOTAL_CENTS, m.invalidAmount)
    .default(0);

/**
 * POST /api/pos/orders — what the cashier chose; the API prices it from the database and checks the payment
 * with the same rules as the form. The form's idempotency key makes a double click or a retry one sale.
 */
export const ZCreatePosOrderRequest = z.object({
  idempotencyKey: idField(),
  /** null: a walk-in sale ("Público en general"), only of products that grant no credits. */
  clientId: idField(m.requiredFields).nullable(),
  branchId: idField(m.requiredFields),
  items: z
    .array(
      z.object({
        productId: idField(m.requiredFields),
        quantity: z
          .int({ error: m.invalidQuantity })
          .min(1, m.invalidQuantity)
          .max(MAX_POS_QUANTITY, m.invalidQuantity),
      }),
      { error: m.noProducts },
    )
    .min(1, m.noProducts)
    .max(MAX_POS_LINES, m.tooManyLines),
  cashCents: amount(),
  cardCents: amount(),
  transferCents: amount(),
  /** The first sale of the branch's day opens its drawer with this float (issue 22); later sales leave it out. */
  openingFloatCents: drawerCents(drawerMessages.invalidFloat).optional(),
});
export type TCreatePosOrderRequest = z.input<typeof ZCreatePosOrderRequest>;

/** The sale as saved (its ticket) and the client's balance after it. */
export const ZPosOrderResponse = z.object({ order: ZOrderTicket, balance: z.int().nonnegative() });
export type TPosOrderResponse = z.infer<typeof ZPosOrderResponse>;

/** GET /api/pos/products — the active point-of-sale products, cheapest first. */
export const ZPosProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  priceCents: z.int().nonnegative(),
  credits: z.int().nonnegative(),
  extra: z.int().nonnegative(),
});
export type TPosProduct = z.infer<typeof ZPosProduct>;
export const ZPosProductsResponse = z.array(ZPosProduct);
