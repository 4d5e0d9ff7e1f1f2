import { useId } from 'react';
import { cx, fieldErrorClass, fieldLabelClass } from '../../../components/ui/field-styles';

const choices = [
  { wholeDay: true, label: 'Día completo' },
  { wholeDay: false, label: 'Una hora' },
] as const;

type Props = {
  name: string;
  wholeDay: boolean;
  onChange: (wholeDay: boolean) => void;
  error?: string;
};

/** 'Día completo' or 'Una hora': a radio group drawn as two segments, each a full-size tap target. */
export function BlockTypeField({ name, wholeDay, onChange, error }: Props) {
  const errorId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className={cx(fieldLabelClass, 'mb-1.5')}>Tipo</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.label}
            className={cx(
              'flex min-h-10 grow cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm whitespace-nowrap transition-colors',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
              choice.wholeDay === wholeDay
                ? 'border-brand-500 bg-brand-50 font-medium text-brand-800'
                : 'border-slate-300 bg-white text-ink hover:border-slate-400',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.wholeDay ? 'dia' : 'hora'}
              checked={choice.wholeDay === wholeDay}
              onChange={() => onChange(choice.wholeDay)}
              className="size-4 accent-brand-700 focus:outline-none"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
