import { freeTextField, hasCentavoPrecision, idField, labelField, numberField } from '../common/fields';
import { z } from '../common/zod';
import { pesosToCents } from '../format/money';
import { pageQuery, pageResponse } from '../table/table.contract';
import { DATE_RANGES } from '../time/date-range';
import { dateField } from '../time/time-fields';
import { costMessages as m } from './costs.messages';

/** The largest expense the form accepts, in pesos. */
export const MAX_COST_PESOS = 1_000_000;

/** A row of /admin/gastos. Money in centavos; date is the Mexico City business date it belongs to. */
export const ZCost = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  totalCents: z.int().nonnegative(),
  addedByName: z.string(),
  branchId: z.uuid().nullable(),
  branchName: z.string().nullable(),
  date: z.iso.date(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TCost = z.infer<typeof ZCost>;

export const costSortable = ['date', 'name', 'totalCents', 'addedByName', 'createdAt'] as const;

/** GET /api/costs — newest date first by default; q searches the name and description. */
export const ZCostListQuery = pageQuery(costSortable, 'date').extend({
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TCostListQuery = z.output<typeof ZCostListQuery>;
export const ZCostListResponse = pageResponse(ZCost);

/** POST /api/costs and PATCH /api/costs/:id. The total is typed in pesos; the API stores centavos. */
export const ZSaveCostRequest = z.object({
  name: labelField(m.requiredFields),
  // Blank is no description; anything else is free text, refused with that field's own message.
  description: z
    .string({ error: m.requiredFields })
    .nullish()
    .transform((value) => (value?.trim() ? value : null))
    .pipe(freeTextField(m.requiredFields).nullable()),
  total: numberField(m.requiredFields, m.totalNotNumber)
    .gt(0, m.totalOutOfRange)
    .max(MAX_COST_PESOS, m.totalOutOfRange)
    .refine(hasCentavoPrecision, m.totalOutOfRange),
  branchId: idField(m.requiredFields),
  date: dateField({
    range: DATE_RANGES.costs,
    outOfRange: m.dateOutOfRange,
    missing: m.requiredFields,
    invalid: m.dateInvalid,
  }),
});
export type TSaveCostRequest = z.input<typeof ZSaveCostRequest>;
export type TSaveCostValues = z.output<typeof ZSaveCostRequest>;

/** The row the API stores for a valid request: centavos. */
export function toCostValues(input: TSaveCostValues) {
  const { total, ...rest } = input;
  return { ...rest, totalCents: pesosToCents(total) };
}
