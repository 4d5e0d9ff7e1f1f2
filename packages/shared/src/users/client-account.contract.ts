import { freeTextField } from '../common/fields';
import { z } from '../common/zod';
import { expiryDateField } from '../credits/credit-lots.contract';
import { pageQuery, pageResponse } from '../table/table.contract';

/** How the ledger names each movement (the client's page, the data download). */
export const ledgerReasonLabels = {
  purchase: 'Compra en línea',
  pos: 'Compra en recepción',
  booking: 'Reservación',
  booking_refund: 'Cancelación de reservación',
  reschedule: 'Cambio de reservación',
  order_cancel: 'Orden cancelada',
  adjustment: 'Ajuste',
  account_closed: 'Cuenta eliminada',
  import: 'Saldo importado',
  expired: 'Créditos vencidos',
} as const;
export type TLedgerReason = keyof typeof ledgerReasonLabels;

/** GET /api/users/:id/ledger — a client's credit movements, newest first by default. */
export const ZLedgerQuery = pageQuery(['createdAt'], 'createdAt').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TLedgerQuery = z.output<typeof ZLedgerQuery>;

export const ZLedgerEntry = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  reason: z.enum(Object.keys(ledgerReasonLabels) as [TLedgerReason, ...TLedgerReason[]]),
  delta: z.int(),
  balanceAfter: z.int(),
  /** Who made the movement (a client, a cashier, the super admin); none for one made by the system. */
  actorName: z.string().nullable(),
  /** What it belongs to: an order (a purchase, a sale, a cancel) or a session (a booking, a refund, a move). */
  reference: z.object({ kind: z.enum(['order', 'session']), id: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;
export const ZLedgerResponse = pageResponse(ZLedgerEntry);

/** POST /api/users/:id/credits — the super admin's manual adjustment, with its reason (ledger reason `adjustment`). */
export const ZAdjustCreditsRequest = z.object({
  delta: z
    .int({ error: 'Escribe cuántos créditos sumar (o restar, con signo menos).' })
    .min(-10_000, 'El ajuste es demasiado grande.')
    .max(10_000, 'El ajuste es demasiado grande.')
    .refine((delta) => delta !== 0, 'Un ajuste de 0 créditos no cambia nada.'),
  reason: freeTextField('Escribe el motivo del ajuste.', 300),
  /** Issue 44: the last day credits added can be used (YYYY-MM-DD); empty: they never expire. */
  expiresOn: expiryDateField().nullable().optional(),
});
export type TAdjustCreditsRequest = z.input<typeof ZAdjustCreditsRequest>;
export const ZAdjustCreditsResponse = z.object({ balance: z.int().nonnegative() });
