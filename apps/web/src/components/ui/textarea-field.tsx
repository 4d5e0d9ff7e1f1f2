import { type ComponentProps, useId } from 'react';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from './field-styles';

export interface TextAreaFieldProps extends ComponentProps<'textarea'> {
  label: string;
  error?: string;
  containerClassName?: string;
}

/** Labelled multi-line input with the same error state as TextField. */
export function TextAreaField({
  label,
  error,
  id,
  className,
  containerClassName,
  rows = 3,
  ...props
}: TextAreaFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      <textarea
        {...props}
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cx(fieldControlClass(Boolean(error)), 'resize-y', className)}
      />
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
