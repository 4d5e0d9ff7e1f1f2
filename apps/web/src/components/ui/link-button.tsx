import type { ComponentProps } from 'react';
import { AppLink, type AppLinkProps } from '../../lib/navigation';
import { cx } from './field-styles';
import { Spinner } from './spinner';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60';

const sizes = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2 text-sm',
  lg: 'px-5 py-2.5 text-base',
} as const;

export type ButtonSize = keyof typeof sizes;

const linkThemes = {
  normal: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  black: 'bg-ink text-white hover:bg-black active:bg-black',
} as const;

export type LinkButtonTheme = keyof typeof linkThemes;

export interface LinkButtonProps extends AppLinkProps {
  theme?: LinkButtonTheme;
  size?: ButtonSize;
}

/** A link (the router's in the app, a plain one on a prerendered page) that looks like a button. */
export function LinkButton({ theme = 'normal', size = 'md', className, ...linkProps }: LinkButtonProps) {
  return (
    <AppLink
      {...linkProps}
      data-theme={theme}
      className={cx(base, sizes[size], linkThemes[theme], 'no-underline', className)}
    />
  );
}

const buttonVariants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-900',
  secondary: 'border border-slate-300 bg-white text-ink hover:bg-sand-50 active:bg-sand-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-600',
  ghost: 'bg-transparent text-brand-700 hover:bg-brand-50 active:bg-brand-100',
} as const;

export type ButtonVariant = keyof typeof buttonVariants;

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Disables the button, marks it aria-busy and shows a small spinner before the label. */
  loading?: boolean;
}

/** Native <button> (type="button" unless told otherwise) with the app's variants. */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...buttonProps
}: ButtonProps) {
  return (
    <button
      {...buttonProps}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-variant={variant}
      className={cx(base, sizes[size], buttonVariants[variant], className)}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}
