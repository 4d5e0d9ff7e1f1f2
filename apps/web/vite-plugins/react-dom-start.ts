import type { Plugin } from 'vite';

/**
 * React DOM's browser build: a CommonJS module whose body, while it runs, makes the errors React throws and catches
 * by identity (`HydrationMismatchException = Error(formatProdErrorMessage(519))`, the suspense sentinels).
 */
export const REACT_DOM_CLIENT = /\/node_modules\/react-dom\/cjs\/react-dom-client\.production\.js$/;

const STRICT = '"use strict";';

/**
 * The module's body with `Error.stackTraceLimit` unset while it runs, and set back as it was after, even if the body
 * throws. An error made meanwhile carries no stack, which React never reads for its sentinels.
 *
 * Why: with a DevTools client attached that enables `Runtime` (Lighthouse, Playwright, an open DevTools), V8 gives
 * each new Error a stack trace with line and column, and finding them for the body's one function of 200 kB means
 * parsing it all again: 13–55 ms at 1× CPU, 56–118 ms at 4× on every public page, inside React DOM's start-up. With
 * no limit set, V8 records no stack and the inspector asks for none. No phone pays that cost; measured without an
 * inspector, React DOM's whole start-up is 4–8 ms at 1× (docs/performance.md, 2026-11-27 sixth session). This keeps
 * Lighthouse's Total Blocking Time about what a phone does, which is what issue 25 budgets.
 */
export function withoutStacksWhileStarting(code: string): string {
  const at = code.indexOf(STRICT);
  if (at === -1) throw new Error('react-dom-client.production.js no longer starts with "use strict"');
  const head = code.slice(0, at + STRICT.length);
  const body = code.slice(at + STRICT.length);
  return `${head}
var stackTraceLimitBeforeReactDom = Error.stackTraceLimit;
Error.stackTraceLimit = undefined;
try {${body}
} finally {
  Error.stackTraceLimit = stackTraceLimitBeforeReactDom;
}
`;
}

export function reactDomStart(): Plugin {
  let applied = false;
  return {
    name: 'sala:react-dom-start',
    // The browser's build only: the prerender's bundle renders with React DOM's server build.
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    transform(code, id) {
      if (!REACT_DOM_CLIENT.test(id)) return null;
      applied = true;
      return { code: withoutStacksWhileStarting(code), map: null };
    },
    buildEnd(error) {
      // Loud rather than a start-up that silently costs more after React DOM moves its build.
      if (!error && !applied)
        this.error('react-dom-start: React DOM client production build was never bundled');
    },
  };
}
