import { commonMessages } from '@sala/shared/errors/messages';
import {
  type TInvoicingSettingsResponse,
  type TSaveInvoicingSettingsRequest,
  ZSaveInvoicingSettingsRequest,
} from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { REGIMENES_FISCALES, satLabel } from '@sala/shared/invoicing/sat-catalogs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { SelectField } from '../../../components/ui/select-field';
import { PageLoader } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useInvoicingSettings, useSaveInvoicingSettings } from '../api/invoicing-api';
import { InvoicingTestModeNote } from './fiscal-profile-form';

type Settings = Omit<TSaveInvoicingSettingsRequest, 'productKeys'>;
type ProductKeys = Record<string, { productKey: string; unitKey: string }>;

const periodicityOptions = [
  { value: 'day', label: 'Diaria' },
  { value: 'week', label: 'Semanal' },
  { value: 'fortnight', label: 'Quincenal' },
  { value: 'month', label: 'Mensual' },
  { value: 'two_months', label: 'Bimestral (solo régimen 621)' },
];
const windowOptions = [
  { value: 'month', label: 'Hasta el fin del mes del pago' },
  { value: '3', label: '3 días después del pago' },
  { value: '7', label: '7 días después del pago' },
  { value: '15', label: '15 días después del pago' },
  { value: '30', label: '30 días después del pago' },
];

const blank: Settings = {
  rfc: '',
  legalName: '',
  taxSystem: '',
  zip: '',
  series: 'F',
  nextFolio: 1,
  defaultProductKey: '80131502',
  defaultUnitKey: 'E48',
  globalPeriodicity: 'month',
  requestWindowDays: null,
};

const modeText = {
  off: 'Sin FACTURAPI_KEY la facturación está apagada: guarda estos datos y define la clave de Facturapi en el servidor para que tus clientes pidan factura.',
  test: 'Clave de pruebas de Facturapi (sk_test_): las facturas se generan pero no tienen validez ante el SAT.',
  live: 'Clave de producción de Facturapi: las facturas se timbran ante el SAT.',
} as const;

function SettingsForm({ data }: { data: TInvoicingSettingsResponse }) {
  const save = useSaveInvoicingSettings();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<Settings>({ defaultValues: data.settings ?? blank });
  const [keys, setKeys] = useState<ProductKeys>(() =>
    Object.fromEntries(
      data.products.map((product) => [
        product.id,
        { productKey: product.productKey ?? '', unitKey: product.unitKey ?? '' },
      ]),
    ),
  );
  const [keysError, setKeysError] = useState<string>();

  const onSubmit = handleSubmit((values) => {
    const input: TSaveInvoicingSettingsRequest = {
      ...values,
      // Only when the business changed it: an invoice issued since the page loaded may have taken the folio shown.
      nextFolio: dirtyFields.nextFolio ? Number(values.nextFolio) : undefined,
      productKeys: Object.entries(keys)
        .filter(([, row]) => row.productKey.trim() || row.unitKey.trim())
        .map(([productId, row]) => ({ productId, productKey: row.productKey, unitKey: row.unitKey })),
    };
    const checked = ZSaveInvoicingSettingsRequest.safeParse(input);
    setKeysError(undefined);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const [field] = issue.path;
        if (field === 'productKeys') setKeysError(issue.message);
        else setError(field as keyof Settings, { type: 'client', message: issue.message });
      }
      return;
    }
    save.mutate(
      input,
      saveCallbacks({
        success: m.settingsSaved,
        fallback: commonMessages.genericError,
        onDone: () => {},
        setError,
      }),
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Datos de facturación" className="space-y-8">
      <fieldset className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <legend className="px-1 font-display text-xl font-semibold text-brand-800">
          El negocio como emisor
        </legend>
        <TextField label="RFC" maxLength={20} {...register('rfc')} error={errors.rfc?.message} />
        <TextField
          label="Lugar de expedición (código postal)"
          inputMode="numeric"
          maxLength={5}
          {...register('zip')}
          error={errors.zip?.message}
        />
        <TextField
          label="Razón social"
          containerClassName="sm:col-span-2"
          hint="Exactamente como en la Constancia de Situación Fiscal, sin el régimen societario."
          maxLength={254}
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
              options={REGIMENES_FISCALES.map((row) => ({ value: row.clave, label: satLabel(row) }))}
              value={field.value ?? ''}
              onChange={field.onChange}
              error={errors.taxSystem?.message}
              className="sm:col-span-2"
            />
          )}
        />
        <TextField label="Serie" maxLength={10} {...register('series')} error={errors.series?.message} />
        <TextField
          label="Siguiente folio"
          type="number"
          min={1}
          step={1}
          {...register('nextFolio', { valueAsNumber: true })}
          error={errors.nextFolio?.message}
        />
      </fieldset>

      <fieldset className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <legend className="px-1 font-display text-xl font-semibold text-brand-800">
          Facturas y factura global
        </legend>
        <Controller
          control={control}
          name="requestWindowDays"
          render={({ field }) => (
            <SelectField
              label="Plazo para pedir factura"
              name={field.name}
              options={windowOptions}
              value={field.value === null || field.value === undefined ? 'month' : String(field.value)}
              onChange={(value) => field.onChange(value === 'month' ? null : Number(value))}
              required
              error={errors.requestWindowDays?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="globalPeriodicity"
          render={({ field }) => (
            <SelectField
              label="Periodicidad de la factura global"
              name={field.name}
              options={periodicityOptions}
              value={field.value ?? 'month'}
              onChange={field.onChange}
              required
              error={errors.globalPeriodicity?.message}
            />
          )}
        />
        <TextField
          label="Clave de producto o servicio del SAT (predeterminada)"
          inputMode="numeric"
          maxLength={8}
          hint="80131502: arrendamiento de locales (tiempo de sala y paquetes de créditos)."
          {...register('defaultProductKey')}
          error={errors.defaultProductKey?.message}
        />
        <TextField
          label="Clave de unidad del SAT (predeterminada)"
          maxLength={3}
          hint="E48: unidad de servicio; HUR: hora."
          {...register('defaultUnitKey')}
          error={errors.defaultUnitKey?.message}
        />
      </fieldset>

      {data.products.length > 0 && (
        <fieldset className="space-y-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <legend className="px-1 font-display text-xl font-semibold text-brand-800">
            Claves por producto
          </legend>
          <p className="text-sm text-muted">
            Déjalas en blanco para usar las predeterminadas. Cada concepto de la factura lleva la clave de su
            producto; el IVA de 16 % va incluido en el precio.
          </p>
          {keysError && <p className="text-sm text-red-700">{keysError}</p>}
          <ul className="divide-y divide-slate-100">
            {data.products.map((product) => (
              <li key={product.id} className="grid gap-3 py-3 sm:grid-cols-[1fr_10rem_8rem] sm:items-end">
                <span className="font-medium text-slate-800">{product.name}</span>
                <TextField
                  label="Clave SAT"
                  inputMode="numeric"
                  maxLength={8}
                  placeholder={data.settings?.defaultProductKey ?? '80131502'}
                  value={keys[product.id]?.productKey ?? ''}
                  onChange={(event) =>
                    setKeys((all) => ({
                      ...all,
                      [product.id]: { ...all[product.id]!, productKey: event.target.value },
                    }))
                  }
                />
                <TextField
                  label="Unidad"
                  maxLength={3}
                  placeholder={data.settings?.defaultUnitKey ?? 'E48'}
                  value={keys[product.id]?.unitKey ?? ''}
                  onChange={(event) =>
                    setKeys((all) => ({
                      ...all,
                      [product.id]: { ...all[product.id]!, unitKey: event.target.value },
                    }))
                  }
                />
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending}>
          Guardar datos de facturación
        </Button>
      </div>
    </form>
  );
}

/** /admin/facturacion (super admin): the business as the issuer of its CFDI, its folios and its defaults. */
export function InvoicingSettings() {
  const settings = useInvoicingSettings();
  if (settings.isPending) return <PageLoader />;
  if (!settings.data) return null;
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-700">{modeText[settings.data.mode]}</p>
      <InvoicingTestModeNote mode={settings.data.mode} />
      <SettingsForm data={settings.data} />
    </div>
  );
}
