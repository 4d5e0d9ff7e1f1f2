import { zodResolver } from '@hookform/resolvers/zod';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import {
  ROOM_POSITIONS,
  roomName,
  type TRoom,
  type TSaveRoomRequest,
  ZSaveRoomRequest,
} from '@sala/shared/locations/rooms.contract';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { DocumentSelect, SelectField } from '../../../components/ui/select-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useBranchOptions } from '../api/branches-api';
import { useCityOptions } from '../api/cities-api';
import { useSaveRoom } from '../api/rooms-api';

type Props = { room?: TRoom; onClose: () => void };

const positionOptions = ROOM_POSITIONS.map((position) => ({
  value: String(position),
  label: `${position} · ${roomName(position)}`,
}));

/** docs/business-rules.md §5 room form: zone, then a branch of that zone, then the position 1–10 that names the room. */
export function RoomFormDialog({ room, onClose }: Props) {
  const save = useSaveRoom();
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<TSaveRoomRequest>({
    resolver: zodResolver(ZSaveRoomRequest),
    defaultValues: {
      cityId: room?.cityId ?? '',
      branchId: room?.branchId ?? '',
      position: room?.position ?? Number.NaN,
    },
  });
  const cityId = watch('cityId');
  const cities = useCityOptions();
  const branches = useBranchOptions(cityId || undefined);

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: room?.id, input },
      saveCallbacks({
        success: room ? m.roomUpdated : m.roomCreated,
        fallback: m.saveFailed,
        onDone: onClose,
        setError,
      }),
    ),
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={room ? 'Editar sala' : 'Nueva sala'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Controller
          control={control}
          name="cityId"
          render={({ field }) => (
            <DocumentSelect
              label="Zona"
              name={field.name}
              documents={cities.data ?? []}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                // A branch belongs to one zone: choosing another zone starts the branch over.
                setValue('branchId', '');
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
              documents={branches.data ?? []}
              value={field.value}
              onChange={field.onChange}
              disabled={!cityId}
              error={errors.branchId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="position"
          render={({ field }) => (
            <SelectField
              label="Puesto"
              name={field.name}
              options={positionOptions}
              value={Number.isNaN(field.value) ? '' : String(field.value)}
              onChange={(value) => field.onChange(value === '' ? Number.NaN : Number(value))}
              error={errors.position?.message}
            />
          )}
        />
        <FormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
