import { staffWeek } from '@sala/shared/bookings/availability';
import { COURTESY_PREFIX } from '@sala/shared/bookings/bookings.contract';
import { isIsoDate } from '@sala/shared/time/business-time';

const shortDay = new Intl.DateTimeFormat('es-MX', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A day button's text: 'Lun 23 nov' (a calendar date, read in UTC so no time zone moves it). */
export function dayButtonLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const parts = shortDay.formatToParts(Date.UTC(y, m - 1, d));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    (parts.find((p) => p.type === type)?.value ?? '').replace('.', '');
  const weekday = part('weekday');
  return `${weekday.charAt(0).toUpperCase()}${weekday.slice(1)} ${part('day')} ${part('month')}`;
}

/**
 * The day buttons of Reservaciones and the one chosen: the next 7 days with Sunday skipped (so the first is today,
 * or Monday on a Sunday), and the day the address asks for (?fecha=, the admin e-mail's link) even when it lies
 * outside them — it joins the buttons in date order.
 */
export function reservationDays(now: Date, asked: string | null): { days: string[]; selected: string } {
  const week = staffWeek({ now });
  if (!asked || !isIsoDate(asked)) return { days: week, selected: week[0]! };
  const days = week.includes(asked) ? week : [...week, asked].sort();
  return { days, selected: asked };
}

/** 'Sesion de prueba - Dra. Ruiz' → 'Dra. Ruiz': the 'Cortesía' badge already says what the prefix says. */
export function holderDisplayName(holderName: string, isCourtesy: boolean): string {
  return isCourtesy && holderName.startsWith(COURTESY_PREFIX)
    ? holderName.slice(COURTESY_PREFIX.length)
    : holderName;
}
