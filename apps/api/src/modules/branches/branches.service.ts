import type { DbOrTx } from '@sala/db/client';
import {
  confirmsBranchName,
  type TBranch,
  type TBranchListQuery,
  type TBranchOption,
  type TDeleteBranchRequest,
  type TPublicBranchInfo,
  type TSaveBranchValues,
} from '@sala/shared/locations/branches.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import type { TPage } from '@sala/shared/table/table.contract';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/paging';
import { recordAudit } from '../audit/audit.service';
import { availabilityChanged } from '../availability/availability.service';
import { cityExists } from '../cities/cities.service';
import {
  type BranchLock,
  countRoomsOf,
  deleteBranchRow,
  findBranch,
  findBranchRow,
  insertBranch,
  listBranches,
  listBranchOptions,
  listPublicBranchRows,
  updateBranchRow,
} from './branches.repository';

type BranchRow = NonNullable<Awaited<ReturnType<typeof findBranchRow>>>;

const toBranch = (row: BranchRow): TBranch => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function requireCity(db: DbOrTx, cityId: string) {
  if (!(await cityExists(db, cityId))) {
    throw new AppError('invalid-argument', m.selectCity, { cityId: m.selectCity });
  }
}

/** The unique index on (city, lower(name)) decides, also when two saves race. */
async function withNameCheck<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (isUniqueViolation(error, 'branches_city_name_lower_key')) {
      throw new AppError('aborted', m.branchNameTaken, { name: m.branchNameTaken });
    }
    // The zone was deleted while this form was open.
    if (isForeignKeyViolation(error))
      throw new AppError('invalid-argument', m.selectCity, { cityId: m.selectCity });
    throw error;
  }
}

export async function listBranchPage(
  { db }: ActingContext,
  query: TBranchListQuery,
): Promise<TPage<TBranch>> {
  return toPage(await listBranches(db, query), query, toBranch);
}

export function listBranchSelectOptions(
  { db }: ActingContext,
  { cityId }: { cityId?: string },
): Promise<TBranchOption[]> {
  return listBranchOptions(db, cityId);
}

/** The public site's Sucursales: every branch with its address, hours, cost and active rooms. */
export function listPublicBranches({ db }: { db: DbOrTx }): Promise<TPublicBranchInfo[]> {
  return listPublicBranchRows(db);
}

/** What the audit log follows of a branch (the session cost is its price; the schedule as one text). */
const auditedBranch = (branch: TBranch) => ({
  name: branch.name,
  zone: branch.cityName,
  sessionCost: branch.sessionCost,
  standingWeeksMax: branch.standingWeeksMax,
  schedule: JSON.stringify(branch.schedule),
  address: branch.address,
  phone: branch.phone,
  whatsapp: branch.whatsapp,
  mapUrl: branch.mapUrl,
  description: branch.description,
});

export async function createBranch(ctx: ActingContext, input: TSaveBranchValues): Promise<TBranch> {
  const { db } = ctx;
  return withNameCheck(() =>
    db.transaction(async (tx) => {
      await requireCity(tx, input.cityId);
      const row = await insertBranch(tx, input);
      const branch = toBranch((await findBranchRow(tx, row.id))!);
      await recordAudit(tx, ctx, [
        {
          action: 'branch.create',
          entity: 'branch',
          entityId: branch.id,
          label: branch.name,
          before: null,
          after: auditedBranch(branch),
        },
      ]);
      return branch;
    }),
  ).then((branch) => {
    availabilityChanged(db, branch.id);
    return branch;
  });
}

export async function updateBranch(
  ctx: ActingContext,
  { id, values: input }: { id: string; values: TSaveBranchValues },
): Promise<TBranch> {
  const { db } = ctx;
  return withNameCheck(() =>
    db.transaction(async (tx) => {
      const current = await findBranch(tx, id, { lock: 'update' });
      if (!current) throw new AppError('not-found', m.branchNotFound);
      const before = toBranch((await findBranchRow(tx, id))!);
      await requireCity(tx, input.cityId);
      // A move to another zone takes the branch's rooms, sessions and blocks along (foreign keys cascade).
      await updateBranchRow(tx, id, input);
      const branch = toBranch((await findBranchRow(tx, id))!);
      await recordAudit(tx, ctx, [
        {
          action: 'branch.update',
          entity: 'branch',
          entityId: id,
          label: branch.name,
          before: auditedBranch(before),
          after: auditedBranch(branch),
        },
      ]);
      return branch;
    }),
  ).then((branch) => {
    // The schedule decides the bookable days and hours.
    availabilityChanged(db, id);
    return branch;
  });
}

/**
 * docs/business-rules.md §5: the typed name must equal the branch's. A branch with rooms stays (its rooms hold the sessions);
 * its day blocks go with it, and orders and costs keep their history without it.
 */
export async function deleteBranch(
  ctx: ActingContext,
  { id, values: input }: { id: string; values: TDeleteBranchRequest },
): Promise<void> {
  const { db } = ctx;
  try {
    await db.transaction(async (tx) => {
      const branch = await findBranch(tx, id, { lock: 'update' });
      if (!branch) throw new AppError('not-found', m.branchNotFound);
      if (!confirmsBranchName(input.confirmName, branch.name)) {
        throw new AppError('invalid-argument', m.branchNameMismatch, { confirmName: m.branchNameMismatch });
      }
      if ((await countRoomsOf(tx, id)) > 0) throw new AppError('aborted', m.branchHasRooms);
      const before = toBranch((await findBranchRow(tx, id))!);
      await deleteBranchRow(tx, id);
      await recordAudit(tx, ctx, [
        {
          action: 'branch.delete',
          entity: 'branch',
          entityId: id,
          label: branch.name,
          before: auditedBranch(before),
          after: null,
        },
      ]);
    });
    availabilityChanged(db, id);
  } catch (error) {
    // A room created between the check and the delete: the foreign key refuses, with the same message.
    if (isForeignKeyViolation(error)) throw new AppError('aborted', m.branchHasRooms);
    throw error;
  }
}

/**
 * For the rooms module: the branch, held by a row lock until the transaction ends ('share' keeps it from moving
 * or going while rooms of it are saved).
 */
export function lockBranch(db: DbOrTx, id: string, lock: BranchLock = 'share') {
  return findBranch(db, id, { lock });
}
