import { commonMessages } from '@sala/shared/errors/messages';
import { cx } from './field-styles';

export interface SpinnerProps {
  className?: string;
}

/** Small animated spinner; purely decorative (aria-hidden). Inherits the text colour. */
export function Spinner({ className }: SpinnerProps) {
  return (
    <svg
      aria-hidden="true"
      data-testid="spinner"
      className={cx('size-4 shrink-0 animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

export interface PageLoaderProps {
  className?: string;
}

/** Centred spinner for whole pages/sections, announced to screen readers as 'Cargando...'. */
export function PageLoader({ className }: PageLoaderProps) {
  return (
    <div role="status" className={cx('flex min-h-48 w-full items-center justify-center py-12', className)}>
      <Spinner className="size-8 text-brand-500" />
      <span className="sr-only">{commonMessages.loading}</span>
    </div>
  );
}
