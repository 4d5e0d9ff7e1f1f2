import { clabeControlDigit } from '@sala/shared/store/clabe';
import { describe, expect, it } from 'vitest';
import { testClabe } from '../../lib/payments/test-gateway';
import { nextCheckAt, payableUntil, paymentExpiry, settleDeadline } from './payment-deadlines';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('payment deadlines (issue 24)', () => {
  it('ends an OXXO voucher at 23:59:59 Mexico City, N days ahead, whatever the hour it was made', () => {
    // 2026-11-25 22:30 in Mexico City is already the 26th in UTC.
    expect(paymentExpiry(at('2026-11-26T04:30:00Z'), 3).toISOString()).toBe('2026-11-29T05:59:59.000Z');
    expect(paymentExpiry(at('2026-11-25T06:00:00Z'), 1).toISOString()).toBe('2026-11-27T05:59:59.000Z');
    expect(paymentExpiry(at('2026-11-25T06:00:00Z'), 7).toISOString()).toBe('2026-12-03T05:59:59.000Z');
  });

  it('gives a card a day to be confirmed, OXXO three days past expiry, SPEI one', () => {
    const made = at('2026-11-25T18:00:00Z');
    const expires = at('2026-11-29T05:59:59Z');
    expect(payableUntil('card', made, null).toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(settleDeadline('card', made, null).toISOString()).toBe('2026-11-26T18:00:00.000Z');
    expect(settleDeadline('oxxo', made, expires).toISOString()).toBe('2026-12-02T05:59:59.000Z');
    expect(settleDeadline('spei', made, expires).toISOString()).toBe('2026-11-30T05:59:59.000Z');
  });

  it('asks after 30 minutes, then 2 hours, then every 6 hours, never past the deadline', () => {
    const createdAt = at('2026-11-25T18:00:00Z');
    const expiresAt = at('2026-11-29T05:59:59Z');
    const oxxo = (checks: number) => ({ method: 'oxxo' as const, createdAt, expiresAt, checks });
    expect(nextCheckAt(oxxo(0), createdAt).getTime() - createdAt.getTime()).toBe(HOUR / 2);
    expect(nextCheckAt(oxxo(1), createdAt).getTime() - createdAt.getTime()).toBe(2 * HOUR);
    expect(nextCheckAt(oxxo(2), createdAt).getTime() - createdAt.getTime()).toBe(6 * HOUR);
    expect(nextCheckAt(oxxo(9), createdAt).getTime() - createdAt.getTime()).toBe(6 * HOUR);
    // Close to the deadline: at the deadline; past it: a minute on (the next run settles it).
    const nearEnd = at('2026-12-02T04:00:00Z');
    expect(nextCheckAt(oxxo(5), nearEnd).toISOString()).toBe('2026-12-02T05:59:59.000Z');
    const past = at('2026-12-03T00:00:00Z');
    expect(nextCheckAt(oxxo(5), past).getTime() - past.getTime()).toBe(60_000);
  });
});

describe("the test gateway's CLABE", () => {
  it('computes the control digit by weights 3, 7, 1 (a published CLABE checks out)', () => {
    // 032180000118359719: Banxico's example account.
    expect(clabeControlDigit('03218000011835971')).toBe(9);
    expect(clabeControlDigit('00000000000000000')).toBe(0);
  });

  it('makes the same valid CLABE for the same checkout and another for another', () => {
    const a = testClabe('7b1c1a3e-0000-4000-8000-000000000001');
    expect(a).toMatch(/^646180\d{12}$/);
    expect(Number(a[17])).toBe(clabeControlDigit(a.slice(0, 17)));
    expect(testClabe('7b1c1a3e-0000-4000-8000-000000000001')).toBe(a);
    expect(testClabe('7b1c1a3e-0000-4000-8000-000000000002')).not.toBe(a);
  });
});
