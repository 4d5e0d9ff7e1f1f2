import { Check } from 'lucide-react';
import { cx } from '../../../../components/ui/field-styles';

/**
 * The two steps of /pago (docs/business-rules.md §2), the current one marked for screen readers too. The second
 * is named as its title is ('Pago con tarjeta', or 'Forma de pago' when there is a choice, issue 24).
 */
export function CheckoutSteps({
  current,
  paymentLabel = 'Pago con tarjeta',
}: {
  current: 1 | 2;
  paymentLabel?: string;
}) {
  const steps = ['Datos personales', paymentLabel];
  return (
    <ol aria-label="Pasos del pago" className="grid grid-cols-2 gap-2 sm:gap-3">
      {steps.map((label, index) => {
        const step = index + 1;
        const done = step < current;
        const active = step === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={cx(
              'flex items-center gap-2 rounded-xl px-3 py-2.5 text-sm font-semibold ring-1 sm:gap-3 sm:px-4',
              active && 'bg-brand-700 text-white ring-brand-700',
              done && 'bg-brand-50 text-brand-800 ring-brand-200',
              !active && !done && 'bg-white text-muted ring-slate-200',
            )}
          >
            <span
              aria-hidden
              className={cx(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs',
                active && 'bg-white text-brand-800',
                done && 'bg-brand-700 text-white',
                !active && !done && 'bg-slate-200 text-muted',
              )}
            >
              {done ? <Check className="size-3.5" /> : step}
            </span>
            <span>
              <span className="sr-only">Paso {step}: </span>
              {label}
              {done && <span className="sr-only"> (completado)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
