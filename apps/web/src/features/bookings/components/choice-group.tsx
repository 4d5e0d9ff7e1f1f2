import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cx } from '../../../components/ui/field-styles';

export type ChoiceOption = {
  value: string;
  /** What the card shows; its text is the radio's accessible name unless `label` is given. */
  content: ReactNode;
  /** The accessible name, when the card's text is too terse (a day card shows 'lun 23 nov'). */
  label?: string;
  disabled?: boolean;
};

type ChoiceGroupProps = {
  /** The id of the heading that names the group. */
  labelledBy: string;
  value: string | undefined;
  options: ChoiceOption[];
  onChange: (value: string) => void;
  /** Grid columns and the like. */
  className?: string;
  /** 'center' for short cards (days, hours, rooms), 'start' for cards with a title and a line (zones, branches). */
  align?: 'center' | 'start';
};

/**
 * A radio group drawn as a grid of cards: native radios (arrow keys, one tab stop, form semantics) inside
 * labels, each radio invisible and laid over its whole card. A disabled card keeps its reason visible.
 */
export function ChoiceGroup({
  labelledBy,
  value,
  options,
  onChange,
  className,
  align = 'center',
}: ChoiceGroupProps) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={cx('grid gap-2 sm:gap-3', className)}>
      {options.map((option) => {
        const checked = option.value === value;
        return (
          <label
            key={option.value}
            data-checked={checked || undefined}
            className={cx(
              'relative flex min-h-12 flex-col justify-center rounded-xl border py-2.5 text-sm shadow-xs transition-colors',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
              align === 'center' ? 'items-center px-1.5 text-center' : 'items-start px-3 pr-9 text-left',
              option.disabled
                ? 'cursor-not-allowed border-dashed border-slate-300 bg-slate-50 text-slate-600 shadow-none'
                : checked
                  ? 'cursor-pointer border-brand-700 bg-brand-700 text-white shadow-md'
                  : 'cursor-pointer border-slate-200 bg-white text-ink hover:border-brand-300 hover:bg-brand-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={checked}
              disabled={option.disabled}
              aria-label={option.label}
              onChange={() => onChange(option.value)}
              // Invisible but covering the whole card: a tap anywhere lands on the radio itself.
              className="absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-xl opacity-0 disabled:cursor-not-allowed"
            />
            {option.content}
            {checked && align === 'start' && (
              <Check aria-hidden className="pointer-events-none absolute top-3 right-3 size-4 text-white" />
            )}
          </label>
        );
      })}
    </div>
  );
}
