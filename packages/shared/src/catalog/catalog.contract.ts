import { z } from '../common/zod';

/** A product as the public store shows it. */
export const ZPublicProduct = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  priceCents: z.int().nonnegative(),
  credits: z.int().nonnegative(),
  extra: z.int().nonnegative(),
  /** How many days its credits can be used (issue 44); null: they never expire. */
  validityDays: z.int().positive().nullable(),
});
export type TPublicProduct = z.infer<typeof ZPublicProduct>;

/** GET /api/catalog */
export const ZCatalogResponse = z.object({
  packages: z.array(ZPublicProduct),
  services: z.array(ZPublicProduct),
});
export type TCatalogResponse = z.infer<typeof ZCatalogResponse>;
