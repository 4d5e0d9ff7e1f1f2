import { freeTextField, hasCentavoPrecision, labelField, numberField } from '../common/fields';
import { z } from '../common/zod';
import { validityDaysField } from '../credits/credit-lots.contract';
import { pesosToCents } from '../format/money';
import { pageQuery, pageResponse } from '../table/table.contract';
import { productMessages as m } from './products.messages';

/** The highest price the form accepts, in pesos. */
export const MAX_PRICE_PESOS = 1_000_000;
export const MAX_PRODUCT_CREDITS = 10_000;
/** The longest name and description, in characters: the form counts them beside the fields. */
export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_DESCRIPTION_MAX = 500;

/** A row of /admin/productos. Money is in centavos. */
export const ZProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceCents: z.int().nonnegative(),
  credits: z.int().nonnegative(),
  extra: z.int().nonnegative(),
  /** true: sold online; false: sold at the point of sale. */
  isDigital: z.boolean(),
  isService: z.boolean(),
  isActive: z.boolean(),
  /** Issue 44: how many days its credits can be used after the payment (vigencia); null: they never expire. */
  validityDays: z.int().positive().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const productSortable = [
  'name',
  'priceCents',
  'credits',
  'extra',
  'isDigital',
  'isService',
  'isActive',
  'createdAt',
] as const;

/** GET /api/products */
export const ZProductListQuery = pageQuery(productSortable, 'name');
export type TProductListQuery = z.output<typeof ZProductListQuery>;
export const ZProductListResponse = pageResponse(ZProduct);

const count = () =>
  numberField(m.numericValues, m.numericValues)
    .int(m.numericValues)
    .min(0, m.numericValues)
    .max(MAX_PRODUCT_CREDITS, m.numericValues);

/**
 * POST /api/products and PATCH /api/products/:id. The price is typed in pesos; the API stores centavos.
 * isService only means something online (docs/business-rules.md §3), so a point-of-sale product is never a service.
 */
export const ZSaveProductRequest = z.object({
  name: labelField(m.requiredFields, PRODUCT_NAME_MAX),
  description: freeTextField(m.requiredFields, PRODUCT_DESCRIPTION_MAX),
  price: numberField(m.requiredFields, m.numericValues)
    .min(0, m.numericValues)
    .max(MAX_PRICE_PESOS, m.numericValues)
    .refine(hasCentavoPrecision, m.numericValues),
  credits: count(),
  extra: count(),
  isDigital: z.boolean({ error: m.requiredFields }),
  isService: z.boolean({ error: m.requiredFields }),
  /** Empty (null): its credits never expire. */
  validityDays: validityDaysField(),
});
export type TSaveProductRequest = z.input<typeof ZSaveProductRequest>;

/** The row the API stores for a valid request: centavos, and no service flag off the online store. */
export function toProductValues(input: TSaveProductRequest) {
  const { price, ...rest } = input;
  return { ...rest, priceCents: pesosToCents(price), isService: input.isDigital && input.isService };
}

export const productTypeLabels = { online: 'En línea', pos: 'Punto de venta' } as const;
