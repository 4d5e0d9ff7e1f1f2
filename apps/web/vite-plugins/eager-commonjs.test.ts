import { describe, expect, it } from 'vitest';
import { arrowWrappersLeft, eagerWrappers } from './eager-commonjs';

// The wrappers as rolldown writes them before minifying (the build of React DOM, see docs/performance.md).
const chunk = `import { r as __toESM, t as __commonJSMin } from "./rolldown-runtime.js";
var require_react_production = /* @__PURE__ */ __commonJSMin(((exports) => {
\texports.version = "19.3.1";
}));
var require_react = /* @__PURE__ */ __commonJSMin(((exports, module) => {
\tmodule.exports = require_react_production();
}));
var useQueryClient = (queryClient) => {
\treturn queryClient;
};
`;

describe('eagerWrappers', () => {
  it('writes each CommonJS wrapper as a parenthesised function expression', () => {
    const out = eagerWrappers(chunk);
    expect(out).toContain('__commonJSMin((function(exports) {\n\texports.version');
    expect(out).toContain('__commonJSMin((function(exports, module) {\n\tmodule.exports');
    expect(out).not.toMatch(/__commonJSMin\(\(\(/);
  });

  it('leaves every other arrow function and the rest of the code as it was', () => {
    const out = eagerWrappers(chunk);
    expect(out).toContain('var useQueryClient = (queryClient) => {');
    const back = out
      .replaceAll('__commonJSMin((function(exports, module) {', '__commonJSMin(((exports, module) => {')
      .replaceAll('__commonJSMin((function(exports) {', '__commonJSMin(((exports) => {');
    expect(back).toBe(chunk);
  });

  it('changes nothing in a chunk without wrappers', () => {
    expect(eagerWrappers('const f = (a) => { return a; };')).toBe('const f = (a) => { return a; };');
  });

  it('tells a wrapper it cannot rewrite from one it has rewritten', () => {
    expect(arrowWrappersLeft(chunk)).toBe(true);
    expect(arrowWrappersLeft(eagerWrappers(chunk))).toBe(false);
    // Another shape the bundler might write one day: one pair of parentheses less.
    const other = 'var require_x = __commonJSMin((exports) => {\n});';
    expect(eagerWrappers(other)).toBe(other);
    expect(arrowWrappersLeft(other)).toBe(true);
  });
});
