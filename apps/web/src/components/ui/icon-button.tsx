import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from './field-styles';

export const iconButtonClass =
  'inline-flex rounded-md p-2 text-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** Read by screen readers and shown as a tooltip, e.g. 'Editar Sala 3'. */
  label: string;
  tone?: 'default' | 'danger';
}

/** A small square button with only an icon, for the action column of tables. */
export function IconButton({ icon: Icon, label, tone = 'default', className, ...props }: IconButtonProps) {
  return (
    <button
      type="button"
      {...props}
      aria-label={label}
      title={label}
      className={cx(iconButtonClass, tone === 'danger' && 'text-red-600 hover:bg-red-50', className)}
    >
      <Icon aria-hidden className="size-4" />
    </button>
  );
}
