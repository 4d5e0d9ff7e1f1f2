import { WEEKDAYS } from '../format/dates';

/** Weekday names as the panels and reports print them (0 = Sunday, as weekdayOf counts): 'Lun', 'lunes'. */
export const weekdayLongNames = WEEKDAYS;
export const weekdayNames = WEEKDAYS.map((name) => name.charAt(0).toUpperCase() + name.slice(1, 3));

/** A rate of the panels (a percentage with one decimal at most): 45.5 → '45.5 %', 50 → '50 %'. */
export const percent = (rate: number) => `${rate.toFixed(1).replace(/\.0$/, '')} %`;
