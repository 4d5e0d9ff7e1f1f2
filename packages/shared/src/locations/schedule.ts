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

/** design.md §4: Monday–Friday 08:00–20:00 (13 slots), Saturday 08:00–14:00 (7 slots), Sunday closed. */
export const DEFAULT_WEEKLY_SCHEDULE: WeeklySchedule = [
  null,
  weekday,
  weekday,
  weekday,
  weekday,
  weekday,
  saturday,
];

/** The HH:mm start times a day offers. */
export function hourSlots(day: DaySchedule): string[] {
  if (!day) return [];
  const slots: string[] = [];
  for (let hour = day.firstHour; hour <= day.lastHour; hour++)
    slots.push(`${String(hour).padStart(2, '0')}:00`);
  return slots;
}
