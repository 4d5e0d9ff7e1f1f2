import { addDays, weekdayOf } from '../time/business-time';

/**
 * The periods of the global invoice to the general public (issue 42): calendar days, weeks, fortnights, months or
 * pairs of months in Mexico City, each as its first and last day (both included) and the InformacionGlobal the SAT
 * asks for (Meses: 01–12, or 13–18 for Jan–Feb … Nov–Dec; Año). A week never spans two months: the SAT's Meses
 * names one month, so a week is cut at the month's end (docs/decisions/030).
 */
export type GlobalPeriodicity = 'day' | 'week' | 'fortnight' | 'month' | 'two_months';

export type GlobalPeriod = {
  periodicity: GlobalPeriodicity;
  start: string;
  end: string;
  /** c_Meses: '01'…'12', or '13'…'18' for a pair of months. */
  months: string;
  year: number;
};

const pad = (value: number) => String(value).padStart(2, '0');
const partsOf = (date: string) => date.split('-').map(Number) as [number, number, number];
const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The period of a periodicity that holds a calendar date (YYYY-MM-DD). */
export function periodOf(date: string, periodicity: GlobalPeriodicity): GlobalPeriod {
  const [year, month, day] = partsOf(date);
  const monthStart = `${year}-${pad(month)}-01`;
  const monthEnd = `${year}-${pad(month)}-${pad(lastDayOfMonth(year, month))}`;
  const months = pad(month);
  switch (periodicity) {
    case 'day':
      return { periodicity, start: date, end: date, months, year };
    case 'week': {
      // Monday to Sunday, cut at the month's edges.
      const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
      const sunday = addDays(monday, 6);
      return {
        periodicity,
        start: monday < monthStart ? monthStart : monday,
        end: sunday > monthEnd ? monthEnd : sunday,
        months,
        year,
      };
    }
    case 'fortnight':
      return day <= 15
        ? { periodicity, start: monthStart, end: `${year}-${months}-15`, months, year }
        : { periodicity, start: `${year}-${months}-16`, end: monthEnd, months, year };
    case 'month':
      return { periodicity, start: monthStart, end: monthEnd, months, year };
    case 'two_months': {
      const first = month % 2 === 1 ? month : month - 1;
      return {
        periodicity,
        start: `${year}-${pad(first)}-01`,
        end: `${year}-${pad(first + 1)}-${pad(lastDayOfMonth(year, first + 1))}`,
        months: String(12 + (first + 1) / 2),
        year,
      };
    }
  }
}

/** The latest period that has closed by a calendar date (the one before the period holding it). */
export const lastClosedPeriod = (today: string, periodicity: GlobalPeriodicity) =>
  periodOf(addDays(periodOf(today, periodicity).start, -1), periodicity);

/** How a period reads on screen: '1–15 de noviembre de 2026', 'noviembre de 2026', 'enero y febrero de 2026'. */
export function describePeriod(period: Pick<GlobalPeriod, 'start' | 'end' | 'periodicity'>): string {
  const names = [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ];
  const [year, month, startDay] = partsOf(period.start);
  const [, endMonth, endDay] = partsOf(period.end);
  const monthName = names[month - 1]!;
  if (period.periodicity === 'month') return `${monthName} de ${year}`;
  if (period.periodicity === 'two_months') return `${monthName} y ${names[endMonth - 1]} de ${year}`;
  if (period.start === period.end) return `${startDay} de ${monthName} de ${year}`;
  return `${startDay}–${endDay} de ${monthName} de ${year}`;
}
