import { zodResolver } from '@hookform/resolvers/zod';
import { expiryIsCurrent, type TTestCardRequest, ZTestCardRequest } from '@sala/shared/store/store.contract';
import { storeMessages as m } from '@sala/shared/store/store.messages';
import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../../components/ui/text-field';
import { PayButton } from './pay-button';

/** The notice of the test gateway (docs/business-rules.md D§5): visible, so nobody thinks a real card is charged. */
export const TEST_MODE_NOTICE =
  'Modo de pruebas: no se cobra ninguna tarjeta real. Usa 4242 4242 4242 4242 (aprobada), 4000 0000 0000 0002 (rechazada) o 4000 0000 0000 9995 (fondos insuficientes).';

/** The contract's card, and a vigencia that has not passed (the server checks it too). */
export const testCardSchema = ZTestCardRequest.superRefine((card, context) => {
  if (!expiryIsCurrent(card.expiry, new Date())) {
    context.addIssue({ code: 'custom', path: ['expiry'], message: m.cardExpiry });
  }
});

/** '4242424242424242' → '4242 4242 4242 4242' while typing. */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1230' → '12/30' while typing; the slash appears once the month is complete. */
export const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

export type CardFieldErrors = Partial<Record<keyof TTestCardRequest, string>>;

/**
 * The test gateway's card form (número, vigencia MM/AA, CVC, nombre), validated with the contract the API uses.
 * The pay button says the amount and stays disabled while a payment is on its way.
 */
export function TestCardForm({
  totalLabel,
  paying,
  serverErrors,
  alert,
  onPay,
}: {
  totalLabel: string;
  paying: boolean;
  serverErrors?: CardFieldErrors;
  /** Why the last try failed, shown right above the pay button. */
  alert?: ReactNode;
  onPay: (card: TTestCardRequest) => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useForm<TTestCardRequest>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '', holder: '' },
  });

  return (
    <form
      noValidate
      aria-label="Datos de la tarjeta"
      onSubmit={handleSubmit((card) => {
        if (!paying) onPay(card);
      })}
      className="space-y-4"
    >
      <p
        role="note"
        className="flex items-start gap-2.5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
      >
        <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
        <span>{TEST_MODE_NOTICE}</span>
      </p>
      <TextField
        label="Número de tarjeta"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={19}
        {...register('number', {
          onChange: (event) => setValue('number', formatCardNumber(event.target.value)),
        })}
        error={errors.number?.message ?? serverErrors?.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Vigencia (MM/AA)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          maxLength={5}
          {...register('expiry', {
            onChange: (event) => setValue('expiry', formatExpiry(event.target.value)),
          })}
          error={errors.expiry?.message ?? serverErrors?.expiry}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          {...register('cvc', {
            onChange: (event) => setValue('cvc', event.target.value.replace(/\D/g, '').slice(0, 4)),
          })}
          error={errors.cvc?.message ?? serverErrors?.cvc}
        />
      </div>
      <TextField
        label="Nombre en la tarjeta"
        autoComplete="cc-name"
        {...register('holder')}
        error={errors.holder?.message ?? serverErrors?.holder}
      />
      {alert}
      <PayButton totalLabel={totalLabel} paying={paying} />
    </form>
  );
}
