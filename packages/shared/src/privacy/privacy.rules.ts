import { addDays, weekdayOf } from '../time/business-time';

/** ARCO requests are answered within 20 business days of their receipt (docs/business-rules.md D§11). */
export const PRIVACY_RESPONSE_BUSINESS_DAYS = 20;

/** The n-th Monday of a month, as YYYY-MM-DD. */
function nthMonday(year: number, month: number, n: number): string {
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  const offset = (8 - weekdayOf(first)) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/**
 * Mexico's mandatory rest days of a year (Ley Federal del Trabajo, art. 74): New Year, Constitution Day (first
 * Monday of February), Juárez's birthday (third Monday of March), Labour Day, Independence Day, the Revolution
 * (third Monday of November), Christmas, and 1 October of the years a president takes office (every six years
 * from 2024). Election days, also rest days, are not known in advance and are not counted.
 */
export function mexicanRestDays(year: number): Set<string> {
  const y = String(year).padStart(4, '0');
  const days = [
    `${y}-01-01`,
    nthMonday(year, 2, 1),
    nthMonday(year, 3, 3),
    `${y}-05-01`,
    `${y}-09-16`,
    nthMonday(year, 11, 3),
    `${y}-12-25`,
  ];
  if (year >= 2024 && (year - 2024) % 6 === 0) days.push(`${y}-10-01`);
  return new Set(days);
}

const isBusinessDay = (date: string) => {
  const weekday = weekdayOf(date);
  return weekday !== 0 && weekday !== 6 && !mexicanRestDays(Number(date.slice(0, 4))).has(date);
};

/** The date `days` business days after `date` (the day of receipt does not count). */
export function businessDaysAfter(date: string, days: number): string {
  let day = date;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) counted += 1;
  }
  return day;
}

/** When a request received on `date` (Mexico City) must be answered. */
export const privacyDueDate = (date: string) => businessDaysAfter(date, PRIVACY_RESPONSE_BUSINESS_DAYS);
