import { describe, expect, it } from 'vitest';
import { creditExpiryTerms, EXPIRY_WARNING_DAYS, lotExpiresOn, warningDue } from './credit-lots.schedule';

describe('when credits expire', () => {
  it('lasts the validity after the day the payment was confirmed, across months and years', () => {
    expect(lotExpiresOn('2026-12-01', 30)).toBe('2026-12-31');
    expect(lotExpiresOn('2026-12-15', 60)).toBe('2027-02-13');
    expect(lotExpiresOn('2028-02-01', 28)).toBe('2028-02-29');
    expect(lotExpiresOn('2026-12-01', null)).toBeNull();
    expect(lotExpiresOn('2026-12-01', undefined)).toBeNull();
  });

  it('warns 7 days and 1 day before the last day, each only if the lot existed before its window opened', () => {
    const lot = { expiresOn: '2030-01-17', createdOn: '2030-01-01' };
    expect(warningDue(lot, '2030-01-09')).toBeNull();
    expect(warningDue(lot, '2030-01-10')).toBe(7);
    expect(warningDue(lot, '2030-01-15')).toBe(7);
    expect(warningDue(lot, '2030-01-16')).toBe(1);
    expect(warningDue(lot, '2030-01-17')).toBe(1);
    expect(warningDue(lot, '2030-01-18')).toBeNull();
    // Bought 3 days before its last day: only the 1-day warning; bought the day before: none.
    expect(warningDue({ expiresOn: '2030-01-17', createdOn: '2030-01-14' }, '2030-01-14')).toBeNull();
    expect(warningDue({ expiresOn: '2030-01-17', createdOn: '2030-01-14' }, '2030-01-16')).toBe(1);
    expect(warningDue({ expiresOn: '2030-01-17', createdOn: '2030-01-16' }, '2030-01-16')).toBeNull();
  });

  it('writes the terms from the same warning days the job uses', () => {
    expect(EXPIRY_WARNING_DAYS).toEqual([7, 1]);
    const terms = creditExpiryTerms().join(' ');
    expect(terms).toContain('7 días y 1 día antes de que venzan');
    expect(terms).toContain('usamos primero los créditos que vencen antes');
    expect(terms).toContain('si ese paquete ya venció, vuelven vencidos');
  });
});
