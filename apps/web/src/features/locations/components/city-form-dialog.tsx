import { zodResolver } from '@hookform/resolvers/zod';
import { type TCity, type TSaveCityRequest, ZSaveCityRequest } from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useSaveCity } from '../api/cities-api';

type Props = { city?: TCity; onClose: () => void };

/** Create or rename a zone (docs/business-rules.md §5: the name is required). */
export function CityFormDialog({ city, onClose }: Props) {
  const save = useSaveCity();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TSaveCityRequest>({
    resolver: zodResolver(ZSaveCityRequest),
    defaultValues: { name: city?.name ?? '' },
  });

  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: city?.id, input },
      saveCallbacks({ success: m.citySaved, fallback: m.saveFailed, onDone: onClose, setError }),
    ),
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={city ? 'Editar zona' : 'Nueva zona'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Nombre de la zona" autoFocus {...register('name')} error={errors.name?.message} />
        <FormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
