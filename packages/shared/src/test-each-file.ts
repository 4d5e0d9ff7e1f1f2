import { afterAll, vi } from 'vitest';

// The api project shares modules between the files of a worker (vitest.config.ts): whatever a file did to the
// clock or the mocks ends with it.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
