import { personNameField, phoneField } from '../auth/auth.fields';
import { z } from '../common/zod';
import { ZOrderFolio, ZOrderStatus, ZPaymentMethod } from '../orders/orders.contract';
import { ZPaymentInstructions } from '../store/store.contract';
import { pageQuery, pageResponse } from '../table/table.contract';
import { userMessages } from './users.messages';

/** GET /api/me/sessions — the client's own session history. */
export const ZMySessionsQuery = pageQuery(['startsAt'], 'startsAt');
export type TMySessionsQuery = z.output<typeof ZMySessionsQuery>;
export const ZMySession = z.object({
  id: z.uuid(),
  startsAt: z.iso.datetime(),
  /** Where it is: the wizard that moves it starts on its zone, branch and day, and marks its hour and room. */
  cityId: z.uuid(),
  cityName: z.string(),
  branchId: z.uuid(),
  branchName: z.string(),
  roomId: z.uuid(),
  roomName: z.string(),
  creditsCharged: z.int(),
  cancelledAt: z.iso.datetime().nullable(),
  /** docs/business-rules.md §4 session timing, by the server's clock. */
  timing: z.enum(['past', 'almost', 'beyond']),
  /** Active and beyond: the client may cancel it (its credits come back). */
  canCancel: z.boolean(),
  /** Part of a standing slot (reserva fija). */
  seriesId: z.uuid().nullable(),
  /**
   * Issue 44: credits it holds from a package whose last day passed — a cancel gives them back already expired, so
   * the confirmation says so before the client confirms.
   */
  expiredCredits: z.int().nonnegative(),
});
export type TMySession = z.infer<typeof ZMySession>;
export const ZMySessionsResponse = pageResponse(ZMySession);

/** GET /api/me/orders — the client's own purchase history (page sizes 5, 10, 30). */
export const PURCHASE_PAGE_SIZES = [5, 10, 30] as const;
export const ZMyOrdersQuery = pageQuery(['createdAt', 'totalCents'], 'createdAt');
export type TMyOrdersQuery = z.output<typeof ZMyOrdersQuery>;
export const ZMyOrder = z.object({
  id: z.uuid(),
  folio: ZOrderFolio,
  createdAt: z.iso.datetime(),
  totalCents: z.int(),
  status: ZOrderStatus,
  isPos: z.boolean(),
  method: ZPaymentMethod,
  products: z.array(z.string()),
  creditsGranted: z.int(),
  /** While pending (OXXO, SPEI): the voucher or the transfer's account, and until when; null otherwise. */
  instructions: ZPaymentInstructions.nullable(),
});
export type TMyOrder = z.infer<typeof ZMyOrder>;
export const ZMyOrdersResponse = pageResponse(ZMyOrder);

/** PATCH /api/me/profile — a client fixes its own name and phone (the checkout's first step links here). */
export const ZUpdateMyProfileRequest = z.object({
  name: personNameField(userMessages.allFieldsRequired),
  phone: phoneField(userMessages.allFieldsRequired, userMessages.phoneDigits),
});
export type TUpdateMyProfileRequest = z.input<typeof ZUpdateMyProfileRequest>;
