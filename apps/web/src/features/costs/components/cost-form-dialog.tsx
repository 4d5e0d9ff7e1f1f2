import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCost,
  type TSaveCostRequest,
  type TSaveCostValues,
  ZSaveCostRequest,
} from '@sala/shared/costs/costs.contract';
import { costMessages as m } from '@sala/shared/costs/costs.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { centsToPesos } from '@sala/shared/format/money';
import { businessDate } from '@sala/shared/time/business-time';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { DocumentSelect } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useAllBranchOptions } from '../../locations/api/branches-api';
import { useSaveCost } from '../api/costs-api';

type Props = { cost?: TCost; onClose: () => void };

/**
 * The amount is a text box (inputMode decimal): blank reads as NaN, so the contract says "required"; what is not
 * a number stays text, so it says 'El monto del gasto debe ser un número' (a number input would blank it).
 */
const asAmount = {
  setValueAs: (value: unknown) => {
    const text = String(value ?? '').trim();
    if (text === '') return Number.NaN;
    const pesos = Number(text);
    return Number.isFinite(pesos) ? pesos : text;
  },
};

/** docs/business-rules.md §5 cost form: name and total required, the total a number (pesos, saved in centavos by the API). */
export function CostFormDialog({ cost, onClose }: Props) {
  const save = useSaveCost();
  const branches = useAllBranchOptions();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSaveCostRequest, unknown, TSaveCostValues>({
    resolver: zodResolver(ZSaveCostRequest),
    defaultValues: cost
      ? {
          name: cost.name,
          description: cost.description ?? '',
          total: centsToPesos(cost.totalCents),
          branchId: cost.branchId ?? '',
          date: cost.date,
        }
      : { name: '', description: '', branchId: '', date: businessDate(new Date()) },
  });

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: cost?.id, input: values },
      saveCallbacks({
        success: cost ? m.updated : m.created,
        fallback: commonMessages.genericError,
        onDone: onClose,
        setError,
      }),
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={cost ? 'Editar gasto' : 'Nuevo gasto'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Gasto"
          containerClassName="sm:col-span-2"
          autoComplete="off"
          maxLength={80}
          {...register('name')}
          error={errors.name?.message}
        />
        <TextAreaField
          label="Descripción (opcional)"
          containerClassName="sm:col-span-2"
          maxLength={500}
          {...register('description')}
          error={errors.description?.message}
        />
        <TextField
          label="Monto (pesos)"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          {...register('total', asAmount)}
          error={errors.total?.message}
        />
        <TextField label="Fecha" type="date" {...register('date')} error={errors.date?.message} />
        <Controller
          control={control}
          name="branchId"
          render={({ field }) => (
            <DocumentSelect
              label="Sucursal"
              className="sm:col-span-2"
              name={field.name}
              documents={branches.data ?? []}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.branchId?.message}
            />
          )}
        />
        <FormActions onCancel={onClose} saving={save.isPending} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
