import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy/waitFor give up after 1 s by default: on CI's two busy cores the first render of a lazy screen took longer
// (a wizard's first test failed there, passing alone). A test that waits for something that never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// Browsers have reportError (an island's failed start goes there, islands/wake.ts); jsdom does not. Here it says so
// on the console, as a browser would; a test that checks the report stubs it (islands/wake.test.ts).
globalThis.reportError ??= (error: unknown) => console.error(error);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// The web project shares one page between the files of a worker (vitest.config.ts): each file starts at the site's
// root, on the real clock, with no spy of the file before it.
afterAll(() => {
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
