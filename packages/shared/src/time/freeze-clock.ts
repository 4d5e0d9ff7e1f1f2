import { vi } from 'vitest';

/**
 * For tests: `Date` (and so `new Date()`, `Date.now()`) stands at `at` until `vi.useRealTimers()`; timers still run
 * for real, so a wait for what the screen shows still ends. Move it on with `vi.setSystemTime`.
 */
export function freezeClock(at: Date | string | number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
}
