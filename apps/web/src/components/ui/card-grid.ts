/**
 * The columns of a grid of `count` cards: one on phones, two from `sm`, and from `lg` three, or four when three
 * would leave the last card alone in its row (4, 7, 10 cards).
 */
export function cardGridColumns(count: number): string {
  if (count <= 2) return 'sm:grid-cols-2';
  if (count % 3 === 1) return 'sm:grid-cols-2 lg:grid-cols-4';
  return 'sm:grid-cols-2 lg:grid-cols-3';
}
