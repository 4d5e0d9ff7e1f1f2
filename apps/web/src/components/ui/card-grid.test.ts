import { describe, expect, it } from 'vitest';
import { cardGridColumns } from './card-grid';

/** How many cards the last row of a full-width grid holds, at the `lg` column count the classes give. */
function lastRow(count: number) {
  const classes = cardGridColumns(count);
  const columns = Number(/lg:grid-cols-(\d)/.exec(classes)?.[1] ?? /sm:grid-cols-(\d)/.exec(classes)?.[1]);
  return count % columns || columns;
}

describe('cardGridColumns', () => {
  it('never leaves one card alone in the last row of a wide screen when it can be helped', () => {
    for (const count of [2, 3, 4, 5, 6, 7, 8, 9, 10])
      expect(lastRow(count), `${count} cards`).toBeGreaterThan(1);
  });
  it('puts four packages in one row', () => {
    expect(cardGridColumns(4)).toContain('lg:grid-cols-4');
    expect(cardGridColumns(3)).toContain('lg:grid-cols-3');
  });
});
