/**
 * The fewest dates a standing slot holds. On its own (not in series.ts) so the booking wizard can offer the count
 * without loading the rules' time-zone code (issue 25's budget for /reserva).
 */
export const SERIES_MIN_COUNT = 2;
