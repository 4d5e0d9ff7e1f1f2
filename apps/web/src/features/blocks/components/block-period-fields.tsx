import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { DocumentSelect, SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { useAffectedSessions } from '../api/affected-sessions-api';
import { AffectedSessionsNotice } from './affected-sessions-notice';
import { BlockTypeField } from './block-type-field';

/** The fields both block forms share: where (zone, branch) and when (date, whole day or one hour). */
export type BlockPeriodValues = {
  cityId: string;
  branchId: string;
  date?: string;
  wholeDay: boolean;
  hour: string | null;
};

type Option = { id: string; name: string };

type BlockPeriodFieldsProps = {
  /** The block form (its own values include these). */
  form: UseFormReturn<BlockPeriodValues>;
  cities: Option[];
  branches: Option[];
  /** The hours the branch offers that day and that are still ahead. */
  hours: { value: string; label: string }[];
  /** The period's own problems (a closed day, a past hour), shown under their fields. */
  problems: { date?: string; hour?: string };
  today: string;
  /** A field between the branch and the period (the room form's room). */
  afterBranch?: ReactNode;
  /** Also starts over when the zone or the branch changes (the room form's room). */
  onPlaceChange?: () => void;
  /** The room form asks for the block type before the date (spec's order of that form). */
  typeBeforeDate?: boolean;
};

export function BlockPeriodFields({
  form,
  cities,
  branches,
  hours,
  problems,
  today,
  afterBranch,
  onPlaceChange,
  typeBeforeDate = false,
}: BlockPeriodFieldsProps) {
  const { control, setValue, watch } = form;
  const errors: FieldErrors<BlockPeriodValues> = form.formState.errors;
  const [cityId, wholeDay] = watch(['cityId', 'wholeDay']);

  const dateField = (
    <Controller
      control={control}
      name="date"
      render={({ field }) => (
        <TextField
          label="Fecha"
          type="date"
          name={field.name}
          ref={field.ref}
          min={today}
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
  );
  const typeField = (
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
  );

  return (
    <>
      <Controller
        control={control}
        name="cityId"
        render={({ field }) => (
          <DocumentSelect
            label="Zona"
            name={field.name}
            ref={field.ref}
            documents={cities}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              // A branch belongs to one zone, and the hours to the branch: both start over.
              setValue('branchId', '');
              setValue('hour', null);
              onPlaceChange?.();
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
            documents={branches}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              setValue('hour', null);
              onPlaceChange?.();
            }}
            disabled={!cityId}
            error={errors.branchId?.message}
          />
        )}
      />
      {afterBranch}
      {typeBeforeDate ? typeField : dateField}
      {typeBeforeDate ? dateField : typeField}
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
    </>
  );
}

/** Below both forms: the sessions the period holds, the last refusal, and the button. */
export function BlockFormFooter({
  period,
  affected,
  refusal,
  saving,
  label,
}: {
  period: object | undefined;
  affected: ReturnType<typeof useAffectedSessions>;
  refusal: string | undefined;
  saving: boolean;
  label: string;
}) {
  return (
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
        <Button type="submit" loading={saving} className="sm:min-w-36">
          <Ban aria-hidden className="size-4" /> {label}
        </Button>
      </div>
    </div>
  );
}
