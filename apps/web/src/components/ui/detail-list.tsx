import type { ReactNode } from 'react';
import { cx } from './field-styles';

export type Detail = { label: string; value: ReactNode; testId?: string; emphasis?: boolean };

/** Read-only label/value pairs: a profile, the personal-data step of checkout. */
export function DetailList({ items, className }: { items: Detail[]; className?: string }) {
  return (
    <dl className={cx('grid gap-4 sm:grid-cols-3', className)}>
      {items.map(({ label, value, testId, emphasis }) => (
        <div key={label}>
          <dt className="text-sm text-muted">{label}</dt>
          <dd
            className={emphasis ? 'text-2xl font-bold text-brand-700' : 'font-medium break-all'}
            data-testid={testId}
            data-emphasis={emphasis || undefined}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
