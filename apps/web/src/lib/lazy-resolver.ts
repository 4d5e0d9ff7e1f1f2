import type { FieldValues, Resolver } from 'react-hook-form';
import { nextTask } from './next-task';

/**
 * Zod with the shared fields (lib/validation-library.ts). A form's validation loads them first and then, in a later
 * task, the form's contract: evaluated together they were one task of 42–52 ms at 4× CPU on the registration and
 * login pages, about 18 ms for zod and 24 ms for the contract's schemas (issue 25: no long task on a public page).
 */
const loadValidationLibrary = () => import('./validation-library');

/**
 * A form resolver whose validation code (zod, the contract, its Spanish messages) loads the first time the form is
 * checked, or when the browser is idle after the page loads, whichever comes first: a public page with a form ships
 * none of it on its first load (issue 25). A submit made before it arrived waits for it: nothing is lost.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () => {
    loading ??= loadValidationLibrary().then(nextTask).then(load);
    return loading;
  };
  if (typeof window !== 'undefined') {
    const warm = () => void get().catch(() => {});
    if ('requestIdleCallback' in window) window.requestIdleCallback(warm, { timeout: 3_000 });
    else setTimeout(warm, 1_000);
  }
  return async (values, context, options) => (await get())(values, context, options);
}
