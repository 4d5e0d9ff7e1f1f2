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
});
