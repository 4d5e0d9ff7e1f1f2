import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { cx, fieldControlClass, fieldLabelClass } from './field-styles';
import { notify } from './toast';

export const COPY_SUCCESS_MESSAGE = 'Copiado al portapapeles';
export const COPY_FAILURE_MESSAGE = 'No se pudo copiar, cópialo manualmente.';

export interface CopyFieldProps {
  label: string;
  value: string;
  id?: string;
  className?: string;
  /** The button's text, shown beside its icon ('Copiar dirección'); without it the button is the icon, named 'Copiar'. */
  copyLabel?: string;
  /** The toast once copied (default COPY_SUCCESS_MESSAGE). */
  copiedMessage?: string;
}

/** Read-only text with a 'Copiar' button that copies it to the clipboard and confirms with a toast. */
export function CopyField({
  label,
  value,
  id,
  className,
  copyLabel,
  copiedMessage = COPY_SUCCESS_MESSAGE,
}: CopyFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const inputRef = useRef<HTMLInputElement>(null);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable');
      await navigator.clipboard.writeText(value);
      notify.success(copiedMessage);
    } catch {
      notify.error(COPY_FAILURE_MESSAGE);
      // make manual copying easy
      inputRef.current?.focus();
      inputRef.current?.select();
    }
  };

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className={fieldLabelClass}>
        {label}
      </label>
      {/* With its text the button goes under the value on a phone, which then shows whole lines of it. */}
      <div className={cx('flex gap-2', copyLabel && 'flex-col sm:flex-row')}>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className={cx(fieldControlClass(false), 'min-w-0 flex-1 bg-sand-50 font-mono')}
        />
        <button
          type="button"
          aria-label={copyLabel ? undefined : 'Copiar'}
          title={copyLabel ? undefined : 'Copiar'}
          onClick={() => void copy()}
          className={cx(
            'inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-brand-700 transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 active:bg-brand-100',
            copyLabel && 'self-start py-2 sm:self-auto',
          )}
        >
          <Copy aria-hidden="true" className="size-4" />
          {copyLabel}
        </button>
      </div>
    </div>
  );
}
