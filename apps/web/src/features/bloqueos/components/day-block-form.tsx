import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateDayBlockRequest,
  type TDayBlockInput,
  ZCreateDayBlockRequest,
} from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { businessDate } from '@sala/shared/time/business-time';
import { Ban } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { DocumentSelect, SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { useBranchOptions } from '../../ubicaciones/api/branches-api';
import { useCityOptions } from '../../ubicaciones/api/cities-api';
import { useAffectedSessions } from '../api/affected-sessions-api';
import { useCreateDayBlock } from '../api/day-blocks-api';
import { affectedPeriod, periodHourOptions, periodProblems } from '../block-period';
import { useSaveRefusal } from '../hooks/use-save-refusal';
import { AffectedSessionsNotice } from './affected-sessions-notice';
import { BlockFormSection } from './block-sections';
import { BlockTypeField } from './block-type-field';

/**
 * Spec §5 "Block day/hour form": zone → branch → date → whole day or one hour (of the hours the branch offers that
 * weekday). The contract checks the fields, the shared rules the period, and the sessions already booked inside
 * it are listed before anything is saved; the API decides again and answers the spec's conflicts.
 */
export function DayBlockForm() {
  const create = useCreateDayBlock();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<TCreateDayBlockRequest, unknown, TDayBlockInput>({
    resolver: zodResolver(ZCreateDayBlockRequest),
    defaultValues: { cityId: '', branchId: '', date: businessDate(new Date()), wholeDay: true, hour: null },
  });
  const [cityId, branchId, date, wholeDay, hour] = watch(['cityId', 'branchId', 'date', 'wholeDay', 'hour']);
  const cities = useCityOptions();
  const branches = useBranchOptions(cityId || undefined);
  const branch = branches.data?.find((option) => option.id === branchId);

  const now = new Date();
  const choice = { schedule: branch?.schedule, date, wholeDay, hour };
  const problems = periodProblems(now, choice);
  const hours = periodHourOptions(now, choice);
  const period = affectedPeriod(now, { ...choice, branchId });
  const affected = useAffectedSessions(period);
  const { refusal, onError, clear } = useSaveRefusal(
    JSON.stringify([cityId, branchId, date, wholeDay, hour]),
    m.saveFailed,
    (field, error) => setError(field as keyof TCreateDayBlockRequest, error),
  );

  const onSubmit = handleSubmit((input) => {
    // The period's own problem is on screen already; nothing to send.
    if (problems.date || problems.hour) return;
    create.mutate(input, {
      onSuccess: () => {
        clear();
        notify.success(m.blocked);
      },
      onError,
    });
  });

  return (
    <BlockFormSection
      title="Nuevo bloqueo de día u hora"
      description="Nadie podrá reservar ninguna sala de la sucursal en el día o la hora que bloquees."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-x-5 gap-y-4 md:grid-cols-2 lg:grid-cols-3">
        <Controller
          control={control}
          name="cityId"
          render={({ field }) => (
            <DocumentSelect
              label="Zona"
              name={field.name}
              ref={field.ref}
              documents={cities.data ?? []}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                // A branch belongs to one zone, and the hours to the branch: both start over.
                setValue('branchId', '');
                setValue('hour', null);
              }}
              error={errors.cityId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="branchId"
          render={({ field }) => (
            <DocumentSelect
              label="Sucursal"
              name={field.name}
              ref={field.ref}
              documents={branches.data ?? []}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('hour', null);
              }}
              disabled={!cityId}
              error={errors.branchId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <TextField
              label="Fecha"
              type="date"
              name={field.name}
              ref={field.ref}
              min={businessDate(now)}
              value={field.value ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value || undefined);
                setValue('hour', null);
              }}
              onBlur={field.onBlur}
              error={errors.date?.message ?? problems.date}
            />
          )}
        />
        <Controller
          control={control}
          name="wholeDay"
          render={({ field }) => (
            <BlockTypeField
              name={field.name}
              wholeDay={field.value}
              onChange={field.onChange}
              error={errors.wholeDay?.message}
            />
          )}
        />
        {!wholeDay && (
          <Controller
            control={control}
            name="hour"
            render={({ field }) => (
              <SelectField
                label="Hora"
                name={field.name}
                ref={field.ref}
                options={hours}
                value={field.value ?? ''}
                onChange={(value) => field.onChange(value || null)}
                disabled={hours.length === 0}
                error={errors.hour?.message ?? problems.hour}
              />
            )}
          />
        )}
        <div className="grid gap-4 md:col-span-full">
          <AffectedSessionsNotice
            asked={period !== undefined}
            sessions={affected.data}
            isLoading={affected.isPending}
            isError={affected.isError}
          />
          <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
            {/* The toast has already said it; this stays while the form still holds what was refused. */}
            <RefusalNote message={refusal} />
            <Button type="submit" loading={create.isPending} className="sm:min-w-36">
              <Ban aria-hidden className="size-4" /> Bloquear
            </Button>
          </div>
        </div>
      </form>
    </BlockFormSection>
  );
}
