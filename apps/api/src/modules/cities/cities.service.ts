import type { DbOrTx } from '@sala/db/client';
import type {
  TCity,
  TCityListQuery,
  TCityOption,
  TSaveCityRequest,
} from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import {
  countBranchesOf,
  deleteCityRow,
  findCity,
  insertCity,
  listCities,
  listCityOptions,
  renameCity,
} from './cities.repository';

const toCity = (row: {
  id: string;
  name: string;
  branchCount: number;
  createdAt: Date;
  updatedAt: Date;
}): TCity => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The unique index on lower(name) decides, also when two saves race; this turns it into the form's message. */
async function withNameCheck<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, 'cities_name_lower_key')) {
      throw new AppError('aborted', m.cityNameTaken, { name: m.cityNameTaken });
    }
    throw error;
  }
}

export async function listCityPage({ db }: ActingContext, query: TCityListQuery): Promise<TPage<TCity>> {
  return toPage(await listCities(db, query), query, toCity);
}

export function listCitySelectOptions({ db }: ActingContext): Promise<TCityOption[]> {
  return listCityOptions(db);
}

export async function createCity(ctx: ActingContext, input: TSaveCityRequest): Promise<TCity> {
  const row = await withNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertCity(tx, input.name);
      await recordAudit(tx, ctx, [
        {
          action: 'city.create',
          entity: 'city',
          entityId: created.id,
          label: created.name,
          before: null,
          after: { name: created.name },
        },
      ]);
      return created;
    }),
  );
  return toCity({ ...row, branchCount: 0 });
}

export async function updateCity(
  ctx: ActingContext,
  { id, values }: { id: string; values: TSaveCityRequest },
): Promise<TCity> {
  const row = await withNameCheck(() =>
    ctx.db.transaction(async (tx) => {
      const before = await findCity(tx, id, { forUpdate: true });
      if (!before) throw new AppError('not-found', m.cityNotFound);
      const renamed = (await renameCity(tx, id, values.name))!;
      await recordAudit(tx, ctx, [
        {
          action: 'city.update',
          entity: 'city',
          entityId: id,
          label: renamed.name,
          before: { name: before.name },
          after: { name: renamed.name },
        },
      ]);
      return renamed;
    }),
  );
  return toCity({ ...row, branchCount: await countBranchesOf(ctx.db, id) });
}

/** A zone with branches stays: its branches (and their rooms and sessions) would lose their place. */
export async function deleteCity(ctx: ActingContext, { id }: { id: string }): Promise<void> {
  try {
    await ctx.db.transaction(async (tx) => {
      const city = await findCity(tx, id, { forUpdate: true });
      if (!city) throw new AppError('not-found', m.cityNotFound);
      if ((await countBranchesOf(tx, id)) > 0) throw new AppError('aborted', m.cityHasBranches);
      await deleteCityRow(tx, id);
      await recordAudit(tx, ctx, [
        {
          action: 'city.delete',
          entity: 'city',
          entityId: id,
          label: city.name,
          before: { name: city.name },
          after: null,
        },
      ]);
    });
  } catch (error) {
    // A branch created between the check and the delete: the foreign key refuses, with the same message.
    if (isForeignKeyViolation(error)) throw new AppError('aborted', m.cityHasBranches);
    throw error;
  }
}

/** For the branch form: the zone must exist. */
export async function cityExists(db: DbOrTx, id: string): Promise<boolean> {
  return (await findCity(db, id)) !== undefined;
}
