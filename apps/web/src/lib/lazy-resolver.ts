import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validation code (zod, the contract, its Spanish messages) loads the first time the form is
 * checked, or when the browser is idle after the page loads, whichever comes first: a public page with a form ships
 * none of it on its first load (issue 25). A submit made before it arrived waits for it: nothing is lost.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= load();
    return loading;
  };
  if (typeof window !== 'undefined') {
    const warm = () => void get().catch(() => {});
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 3_000 });
    else setTimeout(warm, 1_000);
  }
  return async (values, context, options) => (await get())(values, context, options);
}
