/**
 * The cash drawer of a branch's day (issue 22, design §8). Pure: the service reads the day's sales and expenses
 * inside the closing transaction and decides with these.
 */

/** MXN bills and coins, in centavos, largest first (the $20 is both a bill and a coin: counted as one). */
export const MXN_DENOMINATIONS = [
  100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50,
] as const;
export type Denomination = (typeof MXN_DENOMINATIONS)[number];

/** The largest float or count the forms take ($1,000,000): a typo, not a drawer. */
export const MAX_DRAWER_CENTS = 100_000_000;
/** Pieces of one denomination in one count. */
export const MAX_PIECES = 10_000;

/** The cash a bill-and-coin count adds up to. */
export function countedFromPieces(pieces: Partial<Record<string, number>>): number {
  return MXN_DENOMINATIONS.reduce((sum, value) => sum + value * (pieces[String(value)] ?? 0), 0);
}

export type DrawerFigures = {
  openingFloatCents: number;
  /** Cash received by the branch's completed point-of-sale sales of the day (before change). */
  cashReceivedCents: number;
  changeCents: number;
  /** The branch's expenses of the day, paid from the drawer. */
  cashExpensesCents: number;
};

/** What the drawer should hold: float + cash received − change − cash expenses. */
export function expectedCashCents(figures: DrawerFigures): number {
  return (
    figures.openingFloatCents + figures.cashReceivedCents - figures.changeCents - figures.cashExpensesCents
  );
}

export type DifferenceKind = 'over' | 'short' | 'even';

/** Counted − expected, and what staff call it: sobrante (over), faltante (short), or it squares. */
export function drawerDifference(countedCents: number, expectedCents: number) {
  const cents = countedCents - expectedCents;
  const kind: DifferenceKind = cents > 0 ? 'over' : cents < 0 ? 'short' : 'even';
  return { cents, kind };
}
