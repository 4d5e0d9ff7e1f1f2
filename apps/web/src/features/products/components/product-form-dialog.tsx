import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_VALIDITY_DAYS } from '@sala/shared/credits/credit-lots.rules';
import { centsToPesos } from '@sala/shared/format/money';
import {
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_NAME_MAX,
  productTypeLabels,
  type TProduct,
  type TSaveProductRequest,
  ZSaveProductRequest,
} from '@sala/shared/products/products.contract';
import { productMessages as m } from '@sala/shared/products/products.messages';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useSaveProduct } from '../api/products-api';

type Props = { product?: TProduct; onClose: () => void };

/** Number inputs: blank is NaN so the contract says "required" rather than reading it as 0. */
const asNumber = { setValueAs: (value: unknown) => (value === '' ? Number.NaN : Number(value)) };
/** The validity may be left blank: blank is null, credits that never expire (issue 44). */
const asOptionalNumber = {
  setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
};

const typeOptions = [
  { value: 'online', label: productTypeLabels.online },
  { value: 'pos', label: productTypeLabels.pos },
];

/** docs/business-rules.md §5 product form; the price is typed in pesos and saved in centavos by the API. */
export function ProductFormDialog({ product, onClose }: Props) {
  const save = useSaveProduct();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<TSaveProductRequest>({
    resolver: zodResolver(ZSaveProductRequest),
    defaultValues: product
      ? {
          name: product.name,
          description: product.description,
          price: centsToPesos(product.priceCents),
          credits: product.credits,
          extra: product.extra,
          isDigital: product.isDigital,
          isService: product.isService,
          validityDays: product.validityDays,
        }
      : {
          name: '',
          description: '',
          credits: 0,
          extra: 0,
          isDigital: true,
          isService: false,
          validityDays: null,
        },
  });
  const isDigital = watch('isDigital');
  const [name = '', description = ''] = watch(['name', 'description']);

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: product?.id, input },
      saveCallbacks({
        success: product ? m.updated : m.created,
        fallback: m.saveFailed,
        onDone: onClose,
        setError,
      }),
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={product ? 'Editar producto' : 'Nuevo producto'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        {/* Every field but the credits is required (issue 39: only 'Tipo' said so). */}
        <TextField
          label="Nombre"
          required
          containerClassName="sm:col-span-2"
          {...register('name')}
          error={errors.name?.message}
          counter={{ count: name.length, max: PRODUCT_NAME_MAX }}
        />
        <TextAreaField
          label="Descripción"
          required
          containerClassName="sm:col-span-2"
          {...register('description')}
          error={errors.description?.message}
          counter={{ count: description.length, max: PRODUCT_DESCRIPTION_MAX }}
        />
        <TextField
          label="Precio (pesos)"
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...register('price', asNumber)}
          error={errors.price?.message}
        />
        <Controller
          control={control}
          name="isDigital"
          render={({ field }) => (
            <SelectField
              label="Tipo"
              name={field.name}
              options={typeOptions}
              value={field.value ? 'online' : 'pos'}
              onChange={(value) => {
                field.onChange(value === 'online');
                // docs/business-rules.md §4: choosing the online type resets 'servicio'; a point-of-sale product is never one.
                setValue('isService', false);
              }}
              required
            />
          )}
        />
        <TextField
          label="Créditos"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register('credits', asNumber)}
          error={errors.credits?.message}
        />
        <TextField
          label="Créditos extra"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register('extra', asNumber)}
          error={errors.extra?.message}
        />
        <TextField
          label="Vigencia (días)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_VALIDITY_DAYS}
          step={1}
          hint="Vacío: los créditos no vencen."
          {...register('validityDays', asOptionalNumber)}
          error={errors.validityDays?.message}
        />
        <label className="inline-flex items-center gap-2 text-sm font-medium text-ink sm:col-span-2">
          <input
            type="checkbox"
            {...register('isService')}
            disabled={!isDigital}
            className="size-4 accent-brand-700 disabled:opacity-50"
          />
          Es un servicio (se muestra en «Nuestros Servicios»)
        </label>
        <FormActions onCancel={onClose} saving={save.isPending} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
