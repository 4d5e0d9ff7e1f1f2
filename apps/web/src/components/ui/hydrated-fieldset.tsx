import type { ComponentProps } from 'react';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * A form's fieldset, disabled in the prerendered page until React has hydrated it (a native submit would put the
 * fields in the URL; useHydrated). Hydrating ends with a synchronous render of what reads useHydrated: here that is
 * the fieldset alone, since its children are the form's elements, which React keeps as they are. Read in the form
 * itself, it rendered the whole form again, with every field's ref, in one long task on a slow phone (issue 25).
 */
export function HydratedFieldset({ disabled, ...props }: ComponentProps<'fieldset'>) {
  const hydrated = useHydrated();
  return <fieldset {...props} disabled={!hydrated || disabled} />;
}
