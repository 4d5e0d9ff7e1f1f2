import { type ComponentProps, useId } from 'react';
import { type CharCount, CharCounter } from './char-counter';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from './field-styles';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  containerClassName?: string;
  /** The text's length and its limit, counted under the box. */
  counter?: CharCount;
}

/** Labelled multi-line input with the same error state, required mark and counter as TextField. */
export function TextAreaField({
  label,
  error,
  id,
  className,
  containerClassName,
  rows = 3,
  counter,
  ...props
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const counterId = `${inputId}-counter`;
  return (
    <div className={cx('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
        {props.required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <textarea
        {...props}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(counter && counterId, error && errorId) || undefined}
        className={cx(fieldControlClass(Boolean(error)), 'resize-y', className)}
      />
      {counter && <CharCounter id={counterId} {...counter} />}
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
