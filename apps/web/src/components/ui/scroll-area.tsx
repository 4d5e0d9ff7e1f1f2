import type { ReactNode } from 'react';
import { cx } from './field-styles';

/**
 * A box that scrolls (a wide table on a phone, a long list in a panel): a named region that takes keyboard focus,
 * so it can be scrolled without a mouse (axe's scrollable-region-focusable). Printing shows it whole.
 */
export function ScrollArea({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A section with a name is a region; one that scrolls takes focus, to be scrolled from the keyboard (WCAG 2.1.1).
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: axe's scrollable-region-focusable asks for exactly this.
      tabIndex={0}
      className={cx(
        'overflow-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 print:max-h-none print:overflow-visible',
        className,
      )}
    >
      {children}
    </section>
  );
}
