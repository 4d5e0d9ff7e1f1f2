import { afterAll, vi } from 'vitest';

// The shared, db and api projects (vitest.config.ts) share modules between the files of a worker: whatever a file
// did to the clock or the mocks ends with it.
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
