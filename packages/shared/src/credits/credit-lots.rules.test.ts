import { describe, expect, it } from 'vitest';
import {
  formatExpiryDay,
  isLotLive,
  lotExpiryLine,
  planReturn,
  planSpend,
  spendSummary,
} from './credit-lots.rules';
import { validityLabel } from './validity-label';

const lot = (
  id: string,
  remaining: number,
  expiresOn: string | null,
  createdAt = '2030-01-01T10:00:00Z',
) => ({
  id,
  remaining,
  expiresOn,
  createdAt,
});

describe('spending lots', () => {
  it('spends the soonest last day first, never-expiring lots last, the oldest first among equals', () => {
    const lots = [
      lot('never', 5, null),
      lot('late', 2, '2030-02-01'),
      lot('soon-new', 1, '2030-01-10', '2030-01-05T10:00:00Z'),
      lot('soon-old', 1, '2030-01-10', '2030-01-02T10:00:00Z'),
    ];
    expect(planSpend(lots, 4, '2030-01-07')).toEqual([
      { lotId: 'soon-old', credits: 1 },
      { lotId: 'soon-new', credits: 1 },
      { lotId: 'late', credits: 2 },
    ]);
    expect(planSpend(lots, 9, '2030-01-07')).toHaveLength(4);
    expect(planSpend(lots, 10, '2030-01-07')).toBeNull();
    expect(planSpend(lots, 0, '2030-01-07')).toEqual([]);
  });

  it('never spends a lot whose last day passed, or an empty one; its last day itself still counts', () => {
    const lots = [lot('gone', 3, '2030-01-06'), lot('today', 1, '2030-01-07'), lot('empty', 0, null)];
    expect(isLotLive({ expiresOn: '2030-01-07' }, '2030-01-07')).toBe(true);
    expect(isLotLive({ expiresOn: '2030-01-06' }, '2030-01-07')).toBe(false);
    expect(planSpend(lots, 1, '2030-01-07')).toEqual([{ lotId: 'today', credits: 1 }]);
    expect(planSpend(lots, 2, '2030-01-07')).toBeNull();
  });

  it('gives back to the lots a session held, the latest last day first; what it never held is the rest', () => {
    const held = [
      { lotId: 'soon', credits: 1, expiresOn: '2030-01-10' },
      { lotId: 'never', credits: 1, expiresOn: null },
      { lotId: 'late', credits: 2, expiresOn: '2030-03-01' },
    ];
    expect(planReturn(held, 4)).toEqual({
      shares: [
        { lotId: 'never', credits: 1 },
        { lotId: 'late', credits: 2 },
        { lotId: 'soon', credits: 1 },
      ],
      unheld: 0,
    });
    expect(planReturn(held, 2)).toEqual({
      shares: [
        { lotId: 'never', credits: 1 },
        { lotId: 'late', credits: 1 },
      ],
      unheld: 0,
    });
    expect(planReturn([], 2)).toEqual({ shares: [], unheld: 2 });
  });
});

describe('the words', () => {
  it('says when a lot expires, with the year only when it is not this one', () => {
    expect(formatExpiryDay('2030-01-12', '2029-12-20')).toBe('12 de enero de 2030');
    expect(formatExpiryDay('2030-01-12', '2030-01-02')).toBe('12 de enero');
    expect(lotExpiryLine({ remaining: 3, expiresOn: '2030-01-12' }, '2030-01-02')).toBe(
      '3 créditos vencen el 12 de enero',
    );
    expect(lotExpiryLine({ remaining: 1, expiresOn: '2030-01-12' }, '2030-01-02')).toBe(
      '1 crédito vence el 12 de enero',
    );
  });

  it("names a product's validity, and nothing for credits that never expire", () => {
    expect(validityLabel(60)).toBe('Vigencia: 60 días');
    expect(validityLabel(1)).toBe('Vigencia: 1 día');
    expect(validityLabel(null)).toBeNull();
  });

  it('says which credits a booking uses, lots of one last day as one', () => {
    const lots = [
      lot('a', 1, '2030-01-12'),
      lot('b', 1, '2030-01-12'),
      lot('c', 1, '2030-02-01'),
      lot('d', 2, null),
    ];
    expect(spendSummary(lots, 1, '2030-01-07')).toBe('Usa 1 crédito que vence el 12 de enero.');
    expect(spendSummary(lots, 2, '2030-01-07')).toBe('Usa 2 créditos que vencen el 12 de enero.');
    expect(spendSummary(lots, 4, '2030-01-07')).toBe(
      'Usa 2 créditos que vencen el 12 de enero, 1 que vence el 1 de febrero y 1 sin vencimiento.',
    );
    expect(spendSummary([lot('d', 2, null)], 1, '2030-01-07')).toBe('Usa 1 crédito sin vencimiento.');
    expect(spendSummary(lots, 9, '2030-01-07')).toBeNull();
  });
});
