import type { Db } from '@sala/db/client';
import { cities } from '@sala/db/schema/locations';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type {
  TCity,
  TCityListQuery,
  TCityOption,
  TSaveCityRequest,
} from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import { countBranchesOf, findCity, listCities, listCityOptions } from './cities.repository';

type Options<T> = { db: Db; actor: TSessionUser } & T;

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

export async function listCityPage({ db, query }: Options<{ query: TCityListQuery }>): Promise<TPage<TCity>> {
  return toPage(await listCities(db, query), query, toCity);
}

export function listCitySelectOptions({ db }: Options<object>): Promise<TCityOption[]> {
  return listCityOptions(db);
}

export async function createCity({ db, input }: Options<{ input: TSaveCityRequest }>): Promise<TCity> {
  const [row] = await withNameCheck(() => db.insert(cities).values({ name: input.name }).returning());
  return toCity({ ...row!, branchCount: 0 });
}

export async function updateCity({
  db,
  id,
  input,
}: Options<{ id: string; input: TSaveCityRequest }>): Promise<TCity> {
  const [row] = await withNameCheck(() =>
    db.update(cities).set({ name: input.name }).where(eq(cities.id, id)).returning(),
  );
  if (!row) throw new AppError('not-found', m.cityNotFound);
  return toCity({ ...row, branchCount: await countBranchesOf(db, id) });
}

/** A zone with branches stays: its branches (and their rooms and sessions) would lose their place. */
export async function deleteCity({ db, id }: Options<{ id: string }>): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const city = await findCity(tx, id, { forUpdate: true });
      if (!city) throw new AppError('not-found', m.cityNotFound);
      if ((await countBranchesOf(tx, id)) > 0) throw new AppError('aborted', m.cityHasBranches);
      await tx.delete(cities).where(eq(cities.id, id));
    });
  } catch (error) {
    // A branch created between the check and the delete: the foreign key refuses, with the same message.
    if (isForeignKeyViolation(error)) throw new AppError('aborted', m.cityHasBranches);
    throw error;
  }
}
