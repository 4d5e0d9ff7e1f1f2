import { labelField } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { locationMessages as m } from './locations.messages';

/** A row of /admin/zonas. The spec's "zone" is a city. */
export const ZCity = z.object({
  id: z.uuid(),
  name: z.string(),
  branchCount: z.int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TCity = z.infer<typeof ZCity>;

export const citySortable = ['name', 'branchCount', 'createdAt'] as const;

/** GET /api/cities */
export const ZCityListQuery = pageQuery(citySortable, 'name');
export type TCityListQuery = z.output<typeof ZCityListQuery>;
export const ZCityListResponse = pageResponse(ZCity);

/** GET /api/cities/options — every city, by name, for the selects of other forms. */
export const ZCityOption = z.object({ id: z.uuid(), name: z.string() });
export type TCityOption = z.infer<typeof ZCityOption>;
export const ZCityOptionsResponse = z.array(ZCityOption);

/** POST /api/cities and PATCH /api/cities/:id */
export const ZSaveCityRequest = z.object({ name: labelField(m.cityNameRequired) });
export type TSaveCityRequest = z.input<typeof ZSaveCityRequest>;
