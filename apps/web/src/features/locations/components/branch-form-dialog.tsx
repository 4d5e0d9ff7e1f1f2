import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import {
  BRANCH_ADDRESS_MAX,
  BRANCH_DESCRIPTION_MAX,
  DEFAULT_STANDING_WEEKS_MAX,
  MAX_SESSION_COST,
  MAX_STANDING_WEEKS,
  MIN_SESSION_COST,
  type TBranch,
  type TSaveBranchRequest,
  ZSaveBranchRequest,
} from '@sala/shared/locations/branches.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { DEFAULT_WEEKLY_SCHEDULE } from '@sala/shared/locations/schedule';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { DocumentSelect } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { firstErrorMessage, saveCallbacks } from '../../../lib/form-errors';
import { useSaveBranch } from '../api/branches-api';
import { useCityOptions } from '../api/cities-api';
import { ScheduleFields } from './schedule-fields';

type Props = { branch?: TBranch; onClose: () => void };

/**
 * docs/business-rules.md §5 branch form, plus the session cost and the weekly schedule of docs/business-rules.md D§4, and what the public site's
 * Sucursales show (issue 14): address, phone, optional WhatsApp and map link, a short description.
 */
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
      standingWeeksMax: branch?.standingWeeksMax ?? DEFAULT_STANDING_WEEKS_MAX,
      schedule: branch?.schedule ?? DEFAULT_WEEKLY_SCHEDULE,
      address: branch?.address ?? '',
      phone: branch?.phone ?? '',
      whatsapp: branch?.whatsapp ?? '',
      mapUrl: branch?.mapUrl ?? '',
      description: branch?.description ?? '',
    },
  });

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: branch?.id, input },
      saveCallbacks({
        success: branch ? m.branchUpdated : m.branchCreated,
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
        <TextField
          label="Semanas máximas de reserva fija"
          hint="Cuántas semanas puede apartar un cliente a la misma hora; 0 no ofrece reservas fijas."
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STANDING_WEEKS}
          step={1}
          {...register('standingWeeksMax', { setValueAs: (v) => (v === '' ? Number.NaN : Number(v)) })}
          error={errors.standingWeeksMax?.message}
        />
        <TextField
          label="Dirección"
          containerClassName="sm:col-span-2"
          autoComplete="off"
          maxLength={BRANCH_ADDRESS_MAX}
          {...register('address')}
          error={errors.address?.message}
        />
        <TextField
          label="Teléfono (10 dígitos)"
          type="tel"
          autoComplete="off"
          maxLength={PHONE_MAX_TYPED}
          {...register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          label="WhatsApp (opcional, 10 dígitos)"
          type="tel"
          autoComplete="off"
          maxLength={PHONE_MAX_TYPED}
          {...register('whatsapp')}
          error={errors.whatsapp?.message}
        />
        <TextField
          label="Enlace al mapa (opcional)"
          type="url"
          inputMode="url"
          placeholder="https://maps.google.com/…"
          containerClassName="sm:col-span-2"
          {...register('mapUrl')}
          error={errors.mapUrl?.message}
        />
        <TextAreaField
          label="Descripción breve (se muestra en el sitio)"
          containerClassName="sm:col-span-2"
          rows={2}
          maxLength={BRANCH_DESCRIPTION_MAX}
          {...register('description')}
          error={errors.description?.message}
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
        <FormActions onCancel={onClose} saving={save.isPending} className="sm:col-span-2" />
      </form>
    </Modal>
  );
}
