import { describe, expect, it } from 'vitest';
import { islands } from './registry';

describe('the islands registry', () => {
  // The prerender preloads an island's chunks by its `module` (the build manifest's name for the file): it must be
  // the very file `load` imports, or the page would preload another island's code.
  it.each(Object.entries(islands))('%s names the module its load imports', async (_name, island) => {
    expect(island.module).toMatch(/^src\/.+\.tsx$/);
    const module: Record<string, unknown> = await import(/* @vite-ignore */ `../${island.module.slice(4)}`);
    expect(Object.values(module)).toContain(await island.load());
  });
});
