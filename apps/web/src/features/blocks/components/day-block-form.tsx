import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateDayBlockRequest,
  type TDayBlockInput,
  ZCreateDayBlockRequest,
} from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { businessDate } from '@sala/shared/time/business-time';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { notify } from '../../../components/ui/toast';
import { useBranchOptions } from '../../locations/api/branches-api';
import { useCityOptions } from '../../locations/api/cities-api';
import { useAffectedSessions } from '../api/affected-sessions-api';
import { useCreateDayBlock } from '../api/day-blocks-api';
import { affectedPeriod, periodHourOptions, periodProblems } from '../block-period';
import { useSaveRefusal } from '../hooks/use-save-refusal';
import { BlockFormFooter, BlockPeriodFields, type BlockPeriodValues } from './block-period-fields';
import { BlockFormSection } from './block-sections';

/**
 * docs/business-rules.md §5 "Block day/hour form": zone → branch → date → whole day or one hour (of the hours the branch offers that
 * weekday). The contract checks the fields, the shared rules the period, and the sessions already booked inside
 * it are listed before anything is saved; the API decides again and answers the spec's conflicts.
 */
/** The form's toasts: each answer replaces the last one instead of piling up (issue 39). */
const TOAST_ID = 'day-block-form';

export function DayBlockForm() {
  const create = useCreateDayBlock();
  const form = useForm<TCreateDayBlockRequest, unknown, TDayBlockInput>({
    resolver: zodResolver(ZCreateDayBlockRequest),
    defaultValues: { cityId: '', branchId: '', date: businessDate(new Date()), wholeDay: true, hour: null },
  });
  const { handleSubmit, setError, watch } = form;
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
    TOAST_ID,
  );

  const onSubmit = handleSubmit((input) => {
    // The period's own problem is on screen already; nothing to send.
    if (problems.date || problems.hour) return;
    create.mutate(input, {
      onSuccess: () => {
        clear();
        notify.success(m.blocked, { id: TOAST_ID });
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
        <BlockPeriodFields
          form={form as unknown as UseFormReturn<BlockPeriodValues>}
          cities={cities.data ?? []}
          branches={branches.data ?? []}
          hours={hours}
          problems={problems}
          today={businessDate(now)}
        />
        <BlockFormFooter
          period={period}
          affected={affected}
          refusal={refusal}
          saving={create.isPending}
          label="Bloquear"
        />
      </form>
    </BlockFormSection>
  );
}
