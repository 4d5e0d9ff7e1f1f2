import { describe, expect, it } from 'vitest';
import { describeWait, lockDelayMs, retryAfterSeconds, THROTTLE_RULES, throttleKeys } from './login-throttle';

describe('lockDelayMs', () => {
  const pair = THROTTLE_RULES.pair;
  it.each([
    [0, 0],
    [4, 0],
    [5, 30_000],
    [6, 60_000],
    [7, 120_000],
    [9, 480_000],
    [10, 900_000],
    [50, 900_000],
    [5_000, 900_000],
  ])('after %i failures of one account from one address waits %i ms', (failures, delay) => {
    expect(lockDelayMs(pair, failures)).toBe(delay);
  });

  it('lets an account be tried from many addresses for longer before it slows down', () => {
    expect(lockDelayMs(THROTTLE_RULES.account, 19)).toBe(0);
    expect(lockDelayMs(THROTTLE_RULES.account, 20)).toBe(60_000);
    expect(lockDelayMs(THROTTLE_RULES.account, 40)).toBe(3_600_000);
  });

  it('lets a shared address (a clinic) fail far more often than one account', () => {
    expect(lockDelayMs(THROTTLE_RULES.address, 99)).toBe(0);
    expect(lockDelayMs(THROTTLE_RULES.address, 100)).toBeGreaterThan(0);
  });
});

describe('throttleKeys', () => {
  it('counts an unknown browser per account and address, per account and per address', () => {
    expect(throttleKeys({ email: ' Ana@Example.test ', ip: '10.0.0.1', trustedDevice: null })).toEqual([
      { scope: 'pair', key: 'pair:ana@example.test|10.0.0.1' },
      { scope: 'account', key: 'account:ana@example.test' },
      { scope: 'address', key: 'address:10.0.0.1' },
    ]);
  });

  it('counts a trusted browser on its own only', () => {
    expect(throttleKeys({ email: 'ana@example.test', ip: '10.0.0.1', trustedDevice: 'abc' })).toEqual([
      { scope: 'device', key: 'device:abc:ana@example.test' },
    ]);
  });
});

describe('the wait, told to the person', () => {
  it.each([
    [1, '1 segundo'],
    [30, '30 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [900, '15 minutos'],
    [3_600, '1 hora'],
    [3_601, '2 horas'],
  ])('%i s reads "%s"', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });

  it('rounds the Retry-After up, never below one second', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(retryAfterSeconds(new Date('2026-11-22T10:00:00.100Z'), now)).toBe(1);
    expect(retryAfterSeconds(new Date('2026-11-22T10:00:29.001Z'), now)).toBe(30);
    expect(retryAfterSeconds(new Date('2026-11-22T09:59:00Z'), now)).toBe(1);
  });
});
