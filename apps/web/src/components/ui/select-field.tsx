import { ChevronDown } from 'lucide-react';
import { type FocusEventHandler, type Ref, useId } from 'react';
import { cx, fieldControlClass, fieldErrorClass, fieldLabelClass } from './field-styles';

export const SELECT_PLACEHOLDER = 'Seleccione opcion';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown but not pickable (an hour that already passed, say). */
  disabled?: boolean;
}

export interface SelectFieldProps {
  label: string;
  options: SelectOption[];
  /** Selected value; '' shows the placeholder. */
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  name?: string;
  /** When true the placeholder option can't be picked again. */
  required?: boolean;
  /** What '' reads (a filter's "Todas", say); 'Seleccione opcion' unless told. */
  placeholder?: string;
  id?: string;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  ref?: Ref<HTMLSelectElement>;
  className?: string;
}

/** Labelled native <select> with the 'Seleccione opcion' placeholder. Controlled (use RHF's Controller). */
export function SelectField({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  name,
  required,
  placeholder = SELECT_PLACEHOLDER,
  id,
  onBlur,
  ref,
  className,
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hasError = Boolean(error);

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={selectId} className={fieldLabelClass}>
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-red-600">
            *
          </span>
        )}
      </label>
      <div className="relative">
        <select
          ref={ref}
          id={selectId}
          name={name}
          value={value}
          disabled={disabled}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? errorId : undefined}
          className={cx(fieldControlClass(hasError), 'appearance-none pr-9', value === '' && 'text-muted')}
        >
          <option value="" disabled={required}>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled} className="text-ink">
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
        />
      </div>
      {hasError && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface NamedDocument {
  id: string;
  name: string;
}

export interface DocumentSelectProps extends Omit<SelectFieldProps, 'options'> {
  documents: NamedDocument[];
}

/** SelectField over `{id, name}` documents: option value = id, label = name. */
export function DocumentSelect({ documents, ...props }: DocumentSelectProps) {
  return <SelectField {...props} options={documents.map((doc) => ({ value: doc.id, label: doc.name }))} />;
}
