import { describe, expect, it } from 'vitest';
import { bookableBranches, isBookableBranch } from './bookable';

describe('isBookableBranch', () => {
  it.each([
    { roomCount: 0, want: false },
    { roomCount: 1, want: true },
    { roomCount: 6, want: true },
  ])('$roomCount active rooms → $want', ({ roomCount, want }) => {
    expect(isBookableBranch({ roomCount })).toBe(want);
  });
});

describe('bookableBranches', () => {
  it('keeps the branches with an active room, in their order; a zone left with none drops out with them', () => {
    const branches = [
      { name: 'Valle', cityId: 'cdmx', roomCount: 5 },
      { name: 'Sin salas', cityId: 'cdmx', roomCount: 0 },
      { name: 'Nueva', cityId: 'merida', roomCount: 0 },
      { name: 'Providencia', cityId: 'gdl', roomCount: 1 },
    ];
    const kept = bookableBranches(branches);
    expect(kept.map((b) => b.name)).toEqual(['Valle', 'Providencia']);
    expect(new Set(kept.map((b) => b.cityId))).toEqual(new Set(['cdmx', 'gdl']));
  });
});
