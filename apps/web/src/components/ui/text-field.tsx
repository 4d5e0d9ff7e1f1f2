import { type ComponentProps, useId } from 'react';
import { type CharCount, CharCounter } from './char-counter';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from './field-styles';

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Error text shown under the input; also turns the border red and sets aria-invalid. */
  error?: string;
  /**
   * Wrong, but said elsewhere (one message for the whole form, whose id goes in `aria-describedby`): the border is
   * red and aria-invalid is set, with no text under the input.
   */
  invalid?: boolean;
  /** Classes for the wrapper; `className` goes to the <input>. */
  containerClassName?: string;
  /** A line under the input that says what the value means (read with it by screen readers). */
  hint?: string;
  /** The text's length and its limit, counted under the input. */
  counter?: CharCount;
}

/**
 * Labelled text input. Accepts every native input prop, including `ref` (React 19),
 * so `<TextField label="Nombre" {...register('name')} error={errors.name?.message} />` works.
 */
export function TextField({
  label,
  error,
  invalid = false,
  id,
  className,
  containerClassName,
  hint,
  counter,
  'aria-describedby': describedBy,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const counterId = `${inputId}-counter`;
  const hasError = Boolean(error);
  const marked = hasError || invalid;

  return (
    <div className={cx('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
        {inputProps.required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <input
        {...inputProps}
        id={inputId}
        type={type}
        aria-invalid={marked || undefined}
        aria-describedby={
          cx(describedBy, hint && hintId, counter && counterId, hasError && errorId) || undefined
        }
        className={cx(fieldControlClass(marked), className)}
      />
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {counter && <CharCounter id={counterId} {...counter} />}
      {hasError && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
