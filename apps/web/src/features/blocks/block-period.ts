import { blockPeriodProblem } from '@sala/shared/blocks/block-rules';
import type { TAffectedSessionsQuery } from '@sala/shared/blocks/blocks.contract';
import { hoursOn } from '@sala/shared/bookings/availability';
import type { WeeklySchedule } from '@sala/shared/locations/schedule';
import { businessInstant, isIsoDate } from '@sala/shared/time/business-time';
import type { SelectOption } from '../../components/ui/select-field';

/** What a block form has chosen of its period so far. */
export type PeriodChoice = {
  /** The chosen branch's weekly schedule; undefined until a branch is chosen. */
  schedule: WeeklySchedule | undefined;
  date: string | undefined;
  wholeDay: boolean;
  hour: string | null | undefined;
};

/**
 * The hours the branch offers on the chosen date (its weekly schedule for that weekday); the ones that already
 * started stay in the list, disabled, so the list reads as the branch's day.
 */
export function periodHourOptions(now: Date, { schedule, date }: PeriodChoice): SelectOption[] {
  if (!schedule || !date || !isIsoDate(date)) return [];
  return hoursOn(schedule, date).map((hour) => {
    const past = businessInstant(date, hour).getTime() <= now.getTime();
    return { value: hour, label: past ? `${hour} (ya pasó)` : hour, disabled: past };
  });
}

/**
 * Why the chosen period cannot be blocked, under the field it is about (docs/business-rules.md §5: Sundays; ours: closed days,
 * past days and hours), before anything is sent; the API decides the same again.
 */
export function periodProblems(
  now: Date,
  { schedule, date, wholeDay, hour }: PeriodChoice,
): { date?: string; hour?: string } {
  if (!schedule || !date || !isIsoDate(date)) return {};
  const dayProblem = blockPeriodProblem({ now }, schedule, { date, hour: null });
  if (dayProblem) return { date: dayProblem };
  if (wholeDay || !hour) return {};
  const hourProblem = blockPeriodProblem({ now }, schedule, { date, hour });
  return hourProblem ? { hour: hourProblem } : {};
}

/** The period to look for booked sessions in, once it is complete and can be blocked; else undefined. */
export function affectedPeriod(
  now: Date,
  choice: PeriodChoice & { branchId: string; roomId?: string },
): TAffectedSessionsQuery | undefined {
  const { branchId, roomId, date, wholeDay, hour } = choice;
  if (!branchId || !choice.schedule || !date || !isIsoDate(date)) return undefined;
  if (!wholeDay && !hour) return undefined;
  if (roomId === '') return undefined;
  const problems = periodProblems(now, choice);
  if (problems.date || problems.hour) return undefined;
  return {
    branchId,
    date,
    ...(wholeDay || !hour ? {} : { hour }),
    ...(roomId ? { roomId } : {}),
  };
}
