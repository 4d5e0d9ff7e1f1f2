import { zodResolver } from '@hookform/resolvers/zod';
import { type TCity, type TSaveCityRequest, ZSaveCityRequest } from '@sala/shared/locations/cities.contract';
import { locationMessages as m } from '@sala/shared/locations/locations.messages';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { useSaveCity } from '../api/cities-api';

type Props = { city?: TCity; onClose: () => void };

/** Create or rename a zone (spec §5: the name is required). */
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
      {
        onSuccess: () => {
          notify.success(m.citySaved);
          onClose();
        },
        onError: (error) =>
          notify.error(saveErrorMessage(error, m.saveFailed, (f, e) => setError(f as 'name', e))),
      },
    ),
  );

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={city ? 'Editar zona' : 'Nueva zona'}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField label="Nombre de la zona" autoFocus {...register('name')} error={errors.name?.message} />
        <div className="flex justify-end gap-2 pb-1">
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
