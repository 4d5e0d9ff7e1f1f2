import type { TPayMethod } from '@sala/shared/store/store.contract';
import { CreditCard, Landmark, type LucideIcon, Store } from 'lucide-react';
import { useId } from 'react';
import { cx } from '../../../../components/ui/field-styles';

/** The methods in the order the store offers them (issue 24): the card first. */
export const PAY_METHOD_ORDER: readonly TPayMethod[] = ['card', 'oxxo', 'spei'];

/** '1 día', '3 días'. */
export const days = (count: number) => `${count} ${count === 1 ? 'día' : 'días'}`;

export const payMethodOptions: Record<
  TPayMethod,
  { label: string; Icon: LucideIcon; description: (oxxoExpiresDays: number) => string }
> = {
  card: {
    label: 'Tarjeta de crédito o débito',
    Icon: CreditCard,
    description: () => 'Pagas al momento y tus créditos se agregan en cuanto se aprueba el pago.',
  },
  oxxo: {
    label: 'Efectivo en OXXO',
    Icon: Store,
    description: (expiresDays) =>
      `Te damos una ficha con número para pagar en cualquier tienda OXXO; vence en ${days(expiresDays)}. Tus créditos se agregan cuando OXXO confirma el pago, normalmente al siguiente día hábil.`,
  },
  spei: {
    label: 'Transferencia SPEI',
    Icon: Landmark,
    description: () =>
      'Te damos una CLABE para transferir desde tu banco. La mayoría de las transferencias se confirman en menos de 30 minutos en días hábiles.',
  },
};

/** 'Forma de pago': one radio per method the store takes, each named by its label and described below it. */
export function PayMethodPicker({
  methods,
  value,
  onChange,
  oxxoExpiresDays,
}: {
  methods: readonly TPayMethod[];
  value: TPayMethod;
  onChange: (method: TPayMethod) => void;
  oxxoExpiresDays: number;
}) {
  const id = useId();
  return (
    <fieldset
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="pay-method-picker"
    >
      {/* The step's title above already reads 'Forma de pago'; the group is named for screen readers. */}
      <legend className="sr-only">Forma de pago</legend>
      <div className="grid gap-3 lg:grid-cols-3">
        {methods.map((method) => {
          const option = payMethodOptions[method];
          const checked = method === value;
          return (
            <label
              key={method}
              className={cx(
                'flex cursor-pointer items-start gap-3 rounded-xl p-4 ring-1 transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500',
                checked ? 'bg-brand-50 ring-2 ring-brand-600' : 'ring-slate-200 hover:bg-sand-50',
              )}
            >
              <input
                type="radio"
                name={`${id}-metodo`}
                value={method}
                checked={checked}
                onChange={() => onChange(method)}
                aria-labelledby={`${id}-${method}-label`}
                aria-describedby={`${id}-${method}-description`}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <option.Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span className="min-w-0">
                <span id={`${id}-${method}-label`} className="block font-semibold text-ink">
                  {option.label}
                </span>
                <span id={`${id}-${method}-description`} className="mt-0.5 block text-sm text-muted">
                  {option.description(oxxoExpiresDays)}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
