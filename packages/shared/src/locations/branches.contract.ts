import { optionalPhoneField, phoneField } from '../auth/auth.fields';
import { freeTextField, httpUrlField, idField, labelField, optionalText, plainText } from '../common/fields';
import { z } from '../common/zod';
import { pageQuery, pageResponse } from '../table/table.contract';
import { locationMessages as m } from './locations.messages';
import type { WeeklySchedule } from './schedule';

/** What a session costs at a new branch, in credits (the terms say so from this constant). */
export const DEFAULT_SESSION_COST = 1;
export const MIN_SESSION_COST = 1;
export const MAX_SESSION_COST = 10;
/** How many weeks a standing slot may hold at a new branch (docs/decisions/019); 0 offers none. */
export const DEFAULT_STANDING_WEEKS_MAX = 8;
export const MAX_STANDING_WEEKS = 52;
export const BRANCH_ADDRESS_MAX = 200;
export const BRANCH_DESCRIPTION_MAX = 300;

const hour = z.int({ error: m.scheduleInvalid }).min(0, m.scheduleInvalid).max(23, m.scheduleInvalid);

/** One weekday: sessions start every hour from firstHour to lastHour; null = closed. */
export const ZDaySchedule = z
  .object({ firstHour: hour, lastHour: hour }, { error: m.scheduleInvalid })
  .refine((day) => day.firstHour <= day.lastHour, m.scheduleInvalid)
  .nullable();

/** Sunday first, as Date#getDay(). */
export const ZWeeklySchedule = z.tuple(
  [ZDaySchedule, ZDaySchedule, ZDaySchedule, ZDaySchedule, ZDaySchedule, ZDaySchedule, ZDaySchedule],
  { error: m.scheduleInvalid },
) satisfies z.ZodType<WeeklySchedule>;

/** A row of /admin/consultorios. */
export const ZBranch = z.object({
  id: z.uuid(),
  name: z.string(),
  cityId: z.uuid(),
  cityName: z.string(),
  sessionCost: z.int().positive(),
  standingWeeksMax: z.int().nonnegative(),
  schedule: ZWeeklySchedule,
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
  mapUrl: z.string().nullable(),
  description: z.string(),
  roomCount: z.int().nonnegative(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TBranch = z.infer<typeof ZBranch>;

export const branchSortable = ['name', 'cityName', 'sessionCost', 'roomCount', 'createdAt'] as const;

/** GET /api/branches */
export const ZBranchListQuery = pageQuery(branchSortable, 'name');
export type TBranchListQuery = z.output<typeof ZBranchListQuery>;
export const ZBranchListResponse = pageResponse(ZBranch);

/** GET /api/branches/options — every branch, by name, optionally of one city. */
export const ZBranchOptionsQuery = z.object({ cityId: idField(m.selectCity).optional() });
export const ZBranchOption = z.object({
  id: z.uuid(),
  name: z.string(),
  cityId: z.uuid(),
  sessionCost: z.int().positive(),
  standingWeeksMax: z.int().nonnegative(),
  /** The forms offer the hours of the chosen day from it. */
  schedule: ZWeeklySchedule,
});
export type TBranchOption = z.infer<typeof ZBranchOption>;
export const ZBranchOptionsResponse = z.array(ZBranchOption);

/** POST /api/branches and PATCH /api/branches/:id */
export const ZSaveBranchRequest = z.object({
  name: labelField(m.allFieldsRequired),
  cityId: idField(m.selectCity),
  sessionCost: z
    .int({ error: m.sessionCostInvalid })
    .min(MIN_SESSION_COST, m.sessionCostInvalid)
    .max(MAX_SESSION_COST, m.sessionCostInvalid),
  /** "Semanas máximas de reserva fija": left out, a new branch gets the default and an edit keeps its value. */
  standingWeeksMax: z
    .int({ error: m.standingWeeksInvalid })
    .min(0, m.standingWeeksInvalid)
    .max(MAX_STANDING_WEEKS, m.standingWeeksInvalid)
    .optional(),
  schedule: ZWeeklySchedule,
  /** What the public site shows (issue 14): where the branch is and how to reach it. */
  address: freeTextField(m.allFieldsRequired, BRANCH_ADDRESS_MAX),
  phone: phoneField(m.allFieldsRequired, m.phoneDigits),
  whatsapp: optionalPhoneField(m.whatsappDigits),
  mapUrl: optionalText(httpUrlField(m.mapUrlInvalid), 500),
  description: freeTextField(m.allFieldsRequired, BRANCH_DESCRIPTION_MAX),
});
export type TSaveBranchRequest = z.input<typeof ZSaveBranchRequest>;
/** As validated: blank optional fields are null. */
export type TSaveBranchValues = z.output<typeof ZSaveBranchRequest>;

/** DELETE /api/branches/:id — the typed name must equal the branch name (docs/business-rules.md §5). */
export const ZDeleteBranchRequest = z.object({
  confirmName: plainText(m.branchNameMismatch, 200, m.branchNameMismatch),
});
export type TDeleteBranchRequest = z.input<typeof ZDeleteBranchRequest>;

/** docs/business-rules.md §5: only the exact name confirms (surrounding spaces aside). */
export const confirmsBranchName = (typed: string, name: string) => typed.trim() === name.trim();

/**
 * GET /api/catalog/branches — public: what the site's Sucursales section shows of every branch (zone, address,
 * phone, hours, cost per session, active rooms), by zone and name.
 */
export const ZPublicBranchInfo = z.object({
  id: z.uuid(),
  name: z.string(),
  cityId: z.uuid(),
  cityName: z.string(),
  sessionCost: z.int().positive(),
  schedule: ZWeeklySchedule,
  address: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
  mapUrl: z.string().nullable(),
  description: z.string(),
  /** Active rooms only: the ones a visitor can book. */
  roomCount: z.int().nonnegative(),
});
export type TPublicBranchInfo = z.infer<typeof ZPublicBranchInfo>;
export const ZPublicBranchInfoResponse = z.array(ZPublicBranchInfo);
