/** Opening hours of one weekday: sessions start every hour from firstHour to lastHour (24 h clock). */
export type DaySchedule = { firstHour: number; lastHour: number } | null;
/** Index 0 is Sunday, as Date#getDay(); null means closed. */
export type WeeklySchedule = [
  DaySchedule,
  DaySchedule,
  DaySchedule,
  DaySchedule,
  DaySchedule,
  DaySchedule,
  DaySchedule,
];

const weekday: DaySchedule = { firstHour: 8, lastHour: 20 };
const saturday: DaySchedule = { firstHour: 8, lastHour: 14 };

/** docs/business-rules.md D§4: Monday–Friday 08:00–20:00 (13 slots), Saturday 08:00–14:00 (7 slots), Sunday closed. */
export const DEFAULT_WEEKLY_SCHEDULE: WeeklySchedule = [
  null,
  weekday,
  weekday,
  weekday,
  weekday,
  weekday,
  saturday,
];

/** 8 → '08:00'. */
export const formatHour = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The HH:mm start times a day offers. */
export function hourSlots(day: DaySchedule): string[] {
  if (!day) return [];
  const slots: string[] = [];
  for (let hour = day.firstHour; hour <= day.lastHour; hour++) slots.push(formatHour(hour));
  return slots;
}

/** Weekday names, index 0 = Sunday (as Date#getDay()). */
export const WEEKDAY_NAMES = [
  'Domingo',
  'Lunes',
  'Martes',
  'Miércoles',
  'Jueves',
  'Viernes',
  'Sábado',
] as const;
const SHORT_NAMES = ['Dom', 'Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb'] as const;

/** The order a Mexican week is read in: Monday first, Sunday last. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const sameHours = (a: DaySchedule, b: DaySchedule) =>
  a === b || (a !== null && b !== null && a.firstHour === b.firstHour && a.lastHour === b.lastHour);

type DayGroup = { from: number; to: number; day: DaySchedule };

/** Consecutive days (Monday first) with the same hours, together. */
function groupDays(dayOf: (index: number) => DaySchedule): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const index of WEEK_ORDER) {
    const day = dayOf(index) ?? null;
    const last = groups.at(-1);
    if (last && sameHours(last.day, day)) last.to = index;
    else groups.push({ from: index, to: index, day });
  }
  return groups;
}

const dayRange = ({ from, to }: DayGroup) =>
  from === to ? SHORT_NAMES[from]! : `${SHORT_NAMES[from]}–${SHORT_NAMES[to]}`;

/** The hour a day closes: an hour after its last session starts ('21:00' when the last one is at 20:00). */
export const closingTime = (day: NonNullable<DaySchedule>) =>
  day.lastHour >= 23 ? '23:59' : formatHour(day.lastHour + 1);

/**
 * Opening hours as the public site shows them, Monday first, days with the same hours together, from the
 * first session to the end of the last one; Sunday is always closed (docs/business-rules.md §9):
 * [{ days: 'Lun–Vie', hours: '08:00 a 21:00' }, { days: 'Sáb', hours: '08:00 a 15:00' }, { days: 'Dom', hours: 'Cerrado' }].
 */
export function openingHours(schedule: WeeklySchedule): { days: string; hours: string }[] {
  return groupDays((index) => (index === 0 ? null : (schedule[index] ?? null))).map((group) => ({
    days: dayRange(group),
    hours: group.day ? `${formatHour(group.day.firstHour)} a ${closingTime(group.day)}` : 'Cerrado',
  }));
}

/**
 * The same opening hours on one line, for a table cell (Consultorios): one wording for the hours a branch is open,
 * wherever they are shown. 'Lun–Vie: 08:00 a 21:00 · Sáb: 08:00 a 15:00 · Dom: Cerrado'.
 */
export function describeSchedule(schedule: WeeklySchedule): string {
  return openingHours(schedule)
    .map(({ days, hours }) => `${days}: ${hours}`)
    .join(' · ');
}
