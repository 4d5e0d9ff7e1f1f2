/**
 * The fewest dates a standing slot holds. On its own (not in series.ts) so the booking wizard can offer the count
 * without loading the rules' time-zone code (issue 25's budget for /reserva).
 */
export const SERIES_MIN_COUNT = 2;

/** How many dates "Repetir" starts on: a month of weeks, not the branch's maximum all at once (issue 39). */
export const SERIES_DEFAULT_COUNT = 4;

/** The count a new standing slot starts on where the branch allows at most `max` dates. */
export function firstSeriesCount(max: number): number {
  return Math.max(SERIES_MIN_COUNT, Math.min(SERIES_DEFAULT_COUNT, max));
}
