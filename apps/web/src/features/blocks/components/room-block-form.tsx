import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TCreateRoomBlockRequest,
  type TRoomBlockInput,
  ZCreateRoomBlockRequest,
} from '@sala/shared/blocks/blocks.contract';
import { blockMessages as m } from '@sala/shared/blocks/blocks.messages';
import { businessDate } from '@sala/shared/time/business-time';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toast';
import { useBranchOptions } from '../../locations/api/branches-api';
import { useCityOptions } from '../../locations/api/cities-api';
import { useRoomOptions } from '../../locations/api/rooms-api';
import { useAffectedSessions } from '../api/affected-sessions-api';
import { useCreateRoomBlocks } from '../api/room-blocks-api';
import { affectedPeriod, periodHourOptions, periodProblems } from '../block-period';
import { useSaveRefusal } from '../hooks/use-save-refusal';
import { BlockFormFooter, BlockPeriodFields, type BlockPeriodValues } from './block-period-fields';
import { BlockFormSection } from './block-sections';

/** 'Sesion bloqueada con éxito', and for a whole day how many hours it took. */
/** The form's toasts: each answer replaces the last one instead of piling up (issue 39). */
const TOAST_ID = 'room-block-form';

function blockedMessage(wholeDay: boolean, hours: number) {
  if (!wholeDay) return m.blocked;
  return `${m.blocked} (${hours === 1 ? '1 hora' : `${hours} horas`})`;
}

/**
 * docs/business-rules.md §2 and §5 "Block room form": zone → branch → room → whole day or one hour → date → hour. A whole day
 * becomes one block per hour the branch still offers that day; the API says when they are all blocked already.
 */
export function RoomBlockForm() {
  const create = useCreateRoomBlocks();
  const form = useForm<TCreateRoomBlockRequest, unknown, TRoomBlockInput>({
    resolver: zodResolver(ZCreateRoomBlockRequest),
    defaultValues: {
      cityId: '',
      branchId: '',
      roomId: '',
      // Today, in Mexico City: the day a block is most often for.
      date: businessDate(new Date()),
      wholeDay: true,
      hour: null,
    },
  });
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const [cityId, branchId, roomId, date, wholeDay, hour] = watch([
    'cityId',
    'branchId',
    'roomId',
    'date',
    'wholeDay',
    'hour',
  ]);
  const cities = useCityOptions();
  const branches = useBranchOptions(cityId || undefined);
  const rooms = useRoomOptions(branchId || undefined);
  const branch = branches.data?.find((option) => option.id === branchId);
  const roomOptions = (rooms.data ?? []).map((room) => ({
    value: room.id,
    label: room.isActive ? room.name : `${room.name} (inactiva)`,
  }));

  const now = new Date();
  const choice = { schedule: branch?.schedule, date, wholeDay, hour };
  const problems = periodProblems(now, choice);
  const hours = periodHourOptions(now, choice);
  const period = affectedPeriod(now, { ...choice, branchId, roomId });
  const affected = useAffectedSessions(period);
  const { refusal, onError, clear } = useSaveRefusal(
    JSON.stringify([cityId, branchId, roomId, date, wholeDay, hour]),
    m.unexpected,
    (field, error) => setError(field as keyof TCreateRoomBlockRequest, error),
    TOAST_ID,
  );

  const onSubmit = handleSubmit((input) => {
    if (problems.date || problems.hour) return;
    create.mutate(input, {
      onSuccess: ({ created }) => {
        clear();
        notify.success(blockedMessage(input.wholeDay, created.length), { id: TOAST_ID });
      },
      onError,
    });
  });

  return (
    <BlockFormSection
      title="Nuevo bloqueo de sala"
      description="Solo esa sala deja de poder reservarse; un día completo bloquea cada hora que la sucursal abre."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-x-5 gap-y-4 md:grid-cols-2 lg:grid-cols-3">
        <BlockPeriodFields
          form={form as unknown as UseFormReturn<BlockPeriodValues>}
          cities={cities.data ?? []}
          branches={branches.data ?? []}
          hours={hours}
          problems={problems}
          today={businessDate(now)}
          onPlaceChange={() => setValue('roomId', '')}
          typeBeforeDate
          afterBranch={
            <Controller
              control={control}
              name="roomId"
              render={({ field }) => (
                <SelectField
                  label="Sala"
                  name={field.name}
                  ref={field.ref}
                  options={roomOptions}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={!branchId}
                  error={errors.roomId?.message}
                />
              )}
            />
          }
        />
        <BlockFormFooter
          period={period}
          affected={affected}
          refusal={refusal}
          saving={create.isPending}
          label="Bloquear sala"
        />
      </form>
    </BlockFormSection>
  );
}
