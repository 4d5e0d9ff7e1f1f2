import type { Resolver, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyResolver } from './lazy-resolver';

describe('lazyResolver', () => {
  it('loads the validation once, on first use, and answers what it answers', async () => {
    type Form = { name: string };
    const real: Resolver<Form> = async (values): Promise<ResolverResult<Form>> =>
      values.name
        ? { values, errors: {} }
        : { values: {}, errors: { name: { type: 'min', message: 'Requerido' } } };
    const load = vi.fn(async () => real);
    const resolver = lazyResolver(load);
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<typeof real>[2];
    const [empty, filled] = await Promise.all([
      resolver({ name: '' }, undefined, options),
      resolver({ name: 'Ana' }, undefined, options),
    ]);
    expect(empty.errors).toEqual({ name: { type: 'min', message: 'Requerido' } });
    expect(filled).toEqual({ values: { name: 'Ana' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("loads zod first and the form's contract in a later task, so that neither is one long task with the other", async () => {
    await import('@sala/shared/common/zod');
    vi.useFakeTimers();
    try {
      const load = vi.fn(
        async (): Promise<Resolver<{ name: string }>> => async (values) => ({ values, errors: {} }),
      );
      const resolver = lazyResolver(load);
      const answer = resolver({ name: 'Ana' }, undefined, {
        fields: {},
        shouldUseNativeValidation: false,
      } as Parameters<typeof resolver>[2]);
      for (let n = 0; n < 20; n++) await Promise.resolve();
      await vi.dynamicImportSettled();
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(0);
      expect(load).toHaveBeenCalledTimes(1);
      await expect(answer).resolves.toEqual({ values: { name: 'Ana' }, errors: {} });
    } finally {
      vi.useRealTimers();
    }
  });
});
