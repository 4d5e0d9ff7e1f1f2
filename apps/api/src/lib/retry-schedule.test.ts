import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_DELAYS_MS,
  describeSendError,
  isServerUnreachable,
  nextAttemptAfterFailure,
} from './retry-schedule';

const now = new Date('2030-01-07T15:00:00Z');
const after = (attempts: number) => {
  const next = nextAttemptAfterFailure(attempts, now);
  return next === null ? null : (next.getTime() - now.getTime()) / 60_000;
};

describe('the retry schedule', () => {
  it.each([
    [1, 1],
    [2, 5],
    [3, 30],
    [4, 120],
    [5, 360],
    [6, 720],
    [7, 1440],
  ])('after failed attempt %i waits %i minutes', (attempts, minutes) => {
    expect(after(attempts)).toBe(minutes);
  });

  it('gives up after the 8th attempt, and after any attempt beyond the schedule (a retried failure)', () => {
    expect(DEFAULT_RETRY_DELAYS_MS).toHaveLength(7);
    expect(after(8)).toBeNull();
    expect(after(9)).toBeNull();
  });

  it('takes its delays as a parameter', () => {
    expect(nextAttemptAfterFailure(1, now, [10])?.getTime()).toBe(now.getTime() + 10);
    expect(nextAttemptAfterFailure(2, now, [10])).toBeNull();
  });
});

describe('the stored error of an attempt', () => {
  it("keeps the server's answer, one line, bounded", () => {
    const smtp = Object.assign(new Error('Message failed'), {
      response: '550 5.1.1 <x@y>:\r\n Buzón inexistente',
      responseCode: 550,
    });
    expect(describeSendError(smtp)).toBe('550 5.1.1 <x@y>: Buzón inexistente');
    expect(describeSendError(new Error('connect ECONNREFUSED 127.0.0.1:2525'))).toBe(
      'connect ECONNREFUSED 127.0.0.1:2525',
    );
    expect(describeSendError(new Error('x'.repeat(900)))).toHaveLength(500);
    expect(describeSendError('')).toBe('Error desconocido');
  });
});

describe('isServerUnreachable', () => {
  it('is true when no server answered, false when the server refused the message', () => {
    expect(isServerUnreachable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(
      true,
    );
    expect(isServerUnreachable(new Error('Greeting never received'))).toBe(true);
    expect(isServerUnreachable(Object.assign(new Error('451'), { responseCode: 451 }))).toBe(false);
    expect(isServerUnreachable(Object.assign(new Error('550'), { responseCode: 550 }))).toBe(false);
  });
});
