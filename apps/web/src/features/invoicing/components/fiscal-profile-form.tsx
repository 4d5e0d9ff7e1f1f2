import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TFiscalProfile,
  type TSaveFiscalProfileRequest,
  ZSaveFiscalProfileRequest,
} from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { checkRfc, normalizeRfc } from '@sala/shared/invoicing/rfc';
import {
  REGIMENES_FISCALES,
  regimenesFor,
  satLabel,
  type TaxPerson,
  usosFor,
} from '@sala/shared/invoicing/sat-catalogs';
import { TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

/** A 13-character RFC is a person's, 12 a company's; until it reads as either, every régimen is offered. */
function personOf(rfc: string): TaxPerson | null {
  const check = checkRfc(rfc);
  return check.ok ? check.person : null;
}

/** "Modo de pruebas": said on every invoicing screen while the PAC's test key is in use. */
export function InvoicingTestModeNote({ mode }: { mode: 'off' | 'test' | 'live' | undefined }) {
  if (mode !== 'test') return null;
  return (
    <p
      data-testid="invoicing-test-mode"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
    >
      {m.testMode}
    </p>
  );
}

/** The warnings of a saved profile (a check digit that does not match): said, never a refusal. */
export function FiscalProfileWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {warnings.map((warning) => (
        <li key={warning} className="flex gap-2">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {warning}
        </li>
      ))}
    </ul>
  );
}

export type FieldErrorSetter = (field: string, error: { type: string; message: string }) => void;

const emptyProfile = (email: string): TSaveFiscalProfileRequest => ({
  rfc: '',
  legalName: '',
  taxSystem: '',
  zip: '',
  cfdiUse: '',
  email,
});

/**
 * A fiscal profile as the Constancia de Situación Fiscal writes it (issue 42): RFC, name, régimen, código postal,
 * uso del CFDI (only the uses the SAT's catalog allows for the régimen) and the invoices' e-mail. The client's own
 * in /perfil, a client's on the staff page, or one typed at the counter to invoice a sale.
 */
export function FiscalProfileForm({
  profile,
  defaultEmail,
  saving,
  submitLabel = 'Guardar datos fiscales',
  onSubmit,
}: {
  profile: TFiscalProfile | null;
  defaultEmail: string;
  saving: boolean;
  submitLabel?: string;
  /** `setError` puts the API's messages under the fields they name (one contract: the same field names). */
  onSubmit: (values: TSaveFiscalProfileRequest, setError: FieldErrorSetter) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<TSaveFiscalProfileRequest>({
    resolver: zodResolver(ZSaveFiscalProfileRequest),
    defaultValues: profile ?? emptyProfile(defaultEmail),
  });
  const rfc = watch('rfc');
  const taxSystem = watch('taxSystem');
  const person = personOf(rfc ?? '');
  const regimenOptions = useMemo(
    () =>
      (person ? regimenesFor(person) : REGIMENES_FISCALES).map((row) => ({
        value: row.clave,
        label: satLabel(row),
      })),
    [person],
  );
  const usoOptions = useMemo(
    () =>
      taxSystem
        ? usosFor(taxSystem, person ?? 'fisica').map((row) => ({ value: row.clave, label: satLabel(row) }))
        : [],
    [taxSystem, person],
  );

  return (
    <form
      noValidate
      aria-label="Datos fiscales"
      onSubmit={handleSubmit((values) => onSubmit(values, setError as FieldErrorSetter))}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField
        label="RFC"
        autoComplete="off"
        maxLength={20}
        hint="13 caracteres si eres persona física, 12 si es una empresa."
        {...register('rfc', { onChange: (event) => setValue('rfc', normalizeRfc(event.target.value)) })}
        error={errors.rfc?.message}
      />
      <TextField
        label="Código postal fiscal"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        hint="El de tu Constancia de Situación Fiscal."
        {...register('zip')}
        error={errors.zip?.message}
      />
      <TextField
        label="Nombre o razón social"
        autoComplete="organization"
        maxLength={254}
        containerClassName="sm:col-span-2"
        hint="Tal como aparece en tu Constancia, sin el régimen societario (sin «S.A. de C.V.»)."
        {...register('legalName')}
        error={errors.legalName?.message}
      />
      <Controller
        control={control}
        name="taxSystem"
        render={({ field }) => (
          <SelectField
            label="Régimen fiscal"
            name={field.name}
            options={regimenOptions}
            value={field.value ?? ''}
            onChange={(value) => {
              field.onChange(value);
              setValue('cfdiUse', '');
            }}
            error={errors.taxSystem?.message}
            className="sm:col-span-2"
          />
        )}
      />
      <Controller
        control={control}
        name="cfdiUse"
        render={({ field }) => (
          <SelectField
            label="Uso del CFDI"
            name={field.name}
            options={usoOptions}
            value={field.value ?? ''}
            onChange={field.onChange}
            placeholder={taxSystem ? undefined : 'Elige primero tu régimen'}
            disabled={!taxSystem}
            error={errors.cfdiUse?.message}
          />
        )}
      />
      <TextField
        label="Correo para recibir tus facturas"
        type="email"
        autoComplete="email"
        maxLength={254}
        {...register('email')}
        error={errors.email?.message}
      />
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
