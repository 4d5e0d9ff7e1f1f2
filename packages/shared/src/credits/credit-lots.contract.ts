import { freeTextField } from '../common/fields';
import { z } from '../common/zod';
import { DATE_RANGES } from '../time/date-range';
import { dateField } from '../time/time-fields';
import { creditLotMessages as m } from './credit-lots.messages';
import { MAX_VALIDITY_DAYS } from './credit-lots.rules';

/** Where a lot's credits came from (the ledger reason that made it; `opening`: a balance from before lots existed). */
export const creditLotSources = [
  'purchase',
  'pos',
  'adjustment',
  'import',
  'booking_refund',
  'opening',
] as const;
export type TCreditLotSource = (typeof creditLotSources)[number];

export const creditLotSourceLabels: Record<TCreditLotSource, string> = {
  purchase: 'Compra en línea',
  pos: 'Compra en recepción',
  adjustment: 'Ajuste',
  import: 'Saldo importado',
  booking_refund: 'Devolución de una reservación',
  opening: 'Saldo anterior',
};

/** A product's validity in days (empty: its credits never expire). */
export const validityDaysField = () =>
  z
    .union([z.int(m.validityDays).min(1, m.validityDays).max(MAX_VALIDITY_DAYS, m.validityDays), z.null()], {
      error: m.validityDays,
    })
    .default(null);

/** A lot's new last day, or an adjustment's (YYYY-MM-DD, Mexico City): today up to ten years ahead. */
export const expiryDateField = () =>
  dateField({ range: DATE_RANGES.expiry, outOfRange: { before: m.expiryPast, after: m.expiryTooFar } });

/** One lot of a client's credits, as the client and the staff see it. */
export const ZCreditLot = z.object({
  id: z.uuid(),
  /** How many it granted, and how many are left to spend. */
  credits: z.int().positive(),
  remaining: z.int().nonnegative(),
  /** The last day they can be used; null: they never expire. */
  expiresOn: z.iso.date().nullable(),
  source: z.enum(creditLotSources),
  createdAt: z.iso.datetime(),
  /** How many expired (0 while the lot is alive). */
  expired: z.int().nonnegative(),
  /** 'live': can be spent; 'spent': used up; 'expired': its last day passed. */
  status: z.enum(['live', 'spent', 'expired']),
});
export type TCreditLot = z.infer<typeof ZCreditLot>;

/**
 * GET /api/me/credit-lots — the client's lots that still hold credits, in the order a booking spends them, and the
 * day the server counts as today (Mexico City) so the browser states expiries as the server applies them.
 */
export const ZMyCreditLotsResponse = z.object({ today: z.iso.date(), lots: z.array(ZCreditLot) });
export type TMyCreditLotsResponse = z.infer<typeof ZMyCreditLotsResponse>;

/** GET /api/users/:id/credit-lots — every lot of one client, the live ones first (staff). */
export const ZClientCreditLotsResponse = ZMyCreditLotsResponse;
export type TClientCreditLotsResponse = TMyCreditLotsResponse;

/** POST /api/users/:id/credit-lots/:lotId/extend — the super admin moves a live lot's last day later (congelar). */
export const ZExtendCreditLotRequest = z.object({
  expiresOn: expiryDateField(),
  reason: freeTextField(m.reasonRequired, 300),
});
export type TExtendCreditLotRequest = z.input<typeof ZExtendCreditLotRequest>;
export const ZExtendCreditLotResponse = z.object({ lot: ZCreditLot });
