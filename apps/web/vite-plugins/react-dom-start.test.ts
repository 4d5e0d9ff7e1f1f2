import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { REACT_DOM_CLIENT, withoutStacksWhileStarting } from './react-dom-start';

const before = Error.stackTraceLimit;
afterEach(() => {
  Error.stackTraceLimit = before;
});

/** Runs a CommonJS body as the bundler's wrapper does, and returns what it exported. */
function run(code: string) {
  const exports: Record<string, unknown> = {};
  new Function('exports', code)(exports);
  return exports;
}

const sentinelModule = `/** @license */
"use strict";
var limitInside = Error.stackTraceLimit;
var HydrationMismatchException = Error("519");
exports.limitInside = limitInside;
exports.sentinel = HydrationMismatchException;
`;

describe('withoutStacksWhileStarting', () => {
  it('makes the errors of the body without a stack, and sets the limit back after it', () => {
    Error.stackTraceLimit = 17;
    const exported = run(withoutStacksWhileStarting(sentinelModule));
    expect(exported.limitInside).toBeUndefined();
    expect((exported.sentinel as Error).message).toBe('519');
    expect((exported.sentinel as Error).stack).toBeUndefined();
    expect(Error.stackTraceLimit).toBe(17);
    expect(new Error('after').stack).toContain('after');
  });

  it('sets the limit back when the body throws', () => {
    Error.stackTraceLimit = 12;
    const throwing = '"use strict";\nthrow Error("Incompatible React versions");\n';
    expect(() => run(withoutStacksWhileStarting(throwing))).toThrow('Incompatible React versions');
    expect(Error.stackTraceLimit).toBe(12);
  });

  it('keeps the license comment and the strict directive first', () => {
    const out = withoutStacksWhileStarting(sentinelModule);
    expect(out.startsWith('/** @license */\n"use strict";\n')).toBe(true);
    // Still strict: a sloppy body would let this assignment create a global.
    expect(() => run(withoutStacksWhileStarting('"use strict";\nundeclared = 1;\n'))).toThrow(ReferenceError);
  });

  it('refuses a module that no longer has the shape it rewrites', () => {
    expect(() => withoutStacksWhileStarting('var a = 1;')).toThrow('"use strict"');
  });

  it("rewrites the installed React DOM into code that still compiles and exports React DOM's API", () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('react-dom').replace(/index\.js$/, 'cjs/react-dom-client.production.js');
    expect(file).toMatch(REACT_DOM_CLIENT);
    const module = { exports: {} as Record<string, unknown> };
    new Function('exports', 'require', 'module', withoutStacksWhileStarting(readFileSync(file, 'utf8')))(
      module.exports,
      require,
      module,
    );
    expect(typeof module.exports.hydrateRoot).toBe('function');
    expect(typeof module.exports.createRoot).toBe('function');
  });
});
