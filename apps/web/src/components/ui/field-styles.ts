/** Shared Tailwind classes for labelled form controls (TextField, SelectField, SearchPicker, CopyField). */
export const fieldLabelClass = 'text-sm font-medium text-ink';

export const fieldErrorClass = 'text-sm text-red-600';

const controlBase =
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink shadow-xs transition-colors placeholder:text-muted/70 focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-offset-0 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-muted';

export function fieldControlClass(hasError: boolean) {
  return hasError
    ? `${controlBase} border-red-600 focus:border-red-600 focus:ring-red-600/40`
    : `${controlBase} border-slate-300 hover:border-slate-400 focus:border-brand-500 focus:ring-brand-500/40`;
}

/** Joins class names, skipping falsy values. */
export function cx(...classes: Array<string | false | null | undefined>) {
  return classes.filter(Boolean).join(' ');
}
