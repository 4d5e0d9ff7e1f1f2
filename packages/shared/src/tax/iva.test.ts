import { describe, expect, it } from 'vitest';
import { IVA_INCLUDED_LINE, includedIvaCents } from './iva';

describe('includedIvaCents: the IVA part of a total that includes 16 %', () => {
  it.each([
    [0, 0],
    [116, 16],
    [11_600, 1_600],
    [125_000, 17_241], // $1,250 → base $1,077.59, IVA $172.41
    [480_000, 66_207], // $4,800 → base $4,137.93, IVA $662.07
    [9_950, 1_372], // $99.50 → base $85.78, IVA $13.72
    [1, 0], // base 0.86 rounds to 1 centavo
    [7, 1], // base 6.03 → 6
    [28_000, 3_862],
  ])('%i centavos include %i of IVA', (total, iva) => {
    expect(includedIvaCents(total)).toBe(iva);
  });

  it('is T − round(T / 1.16) for every total up to $20,000, never negative', () => {
    const wrong: number[] = [];
    for (let total = 0; total <= 2_000_000; total += 1) {
      const iva = includedIvaCents(total);
      if (iva !== total - Math.round(total / 1.16) || iva < 0) wrong.push(total);
    }
    expect(wrong).toEqual([]);
  });

  it('a refund (a negative amount) has the same IVA with its sign', () => {
    expect(includedIvaCents(-125_000)).toBe(-17_241);
  });

  it('refuses anything but whole centavos', () => {
    expect(() => includedIvaCents(10.5)).toThrow(RangeError);
    expect(() => includedIvaCents(Number.NaN)).toThrow(RangeError);
  });

  it('says the rate', () => {
    expect(IVA_INCLUDED_LINE).toBe('IVA incluido (16\u00a0%)');
  });
});
