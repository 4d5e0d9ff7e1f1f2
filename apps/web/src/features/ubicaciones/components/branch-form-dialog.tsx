import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_SESSION_COST,
  MIN_SESSION_COST,
  type TBranch,
  type TSaveBranchRequest,
  ZSaveBranchRequest,
} from '@sala/shared/locations/branches.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { DocumentSelect } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { firstErrorMessage, saveErrorMessage } from '../../../lib/form-errors';
import { useSaveBranch } from '../api/branches-api';
import { useCityOptions } from '../api/cities-api';
import { ScheduleFields } from './schedule-fields';

type Props = { branch?: TBranch; onClose: () => void };

/** Spec §5 branch form, plus the session cost and the weekly schedule of design.md §4. */
export function BranchFormDialog({ branch, onClose }: Props) {
  const save = useSaveBranch();
  const cities = useCityOptions();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSaveBranchRequest>({
    resolver: zodResolver(ZSaveBranchRequest),
    defaultValues: {
      name: branch?.name ?? '',
      cityId: branch?.cityId ?? '',
      sessionCost: branch?.sessionCost ?? 1,
      schedule: branch?.schedule ?? DEFAULT_WEEKLY_SCHEDULE,
    },
  });

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: branch?.id, input },
      {
        onSuccess: () => {
          notify.success(branch ? m.branchUpdated : m.branchCreated);
          onClose();
        },
        onError: (error) =>
          notify.error(
            saveErrorMessage(error, m.saveFailed, (field, e) =>
              setError(field as keyof TSaveBranchRequest, e),
            ),
          ),
      },
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={branch ? 'Editar sucursal' : 'Nueva sucursal'}
      size="xl"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nombre de la sucursal"
          containerClassName="sm:col-span-2"
          {...register('name')}
          error={errors.name?.message}
        />
        <Controller
          control={control}
          name="cityId"
          render={({ field }) => (
            <DocumentSelect
              label="Zona"
              name={field.name}
              documents={cities.data ?? []}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.cityId?.message}
            />
          )}
        />
        <TextField
          label="Costo por sesión (créditos)"
          type="number"
          inputMode="numeric"
          min={MIN_SESSION_COST}
          max={MAX_SESSION_COST}
          step={1}
          {...register('sessionCost', { setValueAs: (v) => (v === '' ? Number.NaN : Number(v)) })}
          error={errors.sessionCost?.message}
        />
        <Controller
          control={control}
          name="schedule"
          render={({ field }) => (
            <div className="min-w-0 sm:col-span-2">
              <ScheduleFields
                value={field.value}
                onChange={field.onChange}
                error={firstErrorMessage(errors.schedule)}
              />
            </div>
          )}
        />
        <div className="flex justify-end gap-2 pb-1 sm:col-span-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending}>
            Guardar
          </Button>
        </div>
      </form>
    </Modal>
  );
}
