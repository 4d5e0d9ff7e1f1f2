import { zodResolver } from '@hookform/resolvers/zod';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import { commonMessages } from '@sala/shared/errors/messages';
import { type TUpdateMyProfileRequest, ZUpdateMyProfileRequest } from '@sala/shared/users/profile.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useUpdateMyProfile } from '../api/update-my-profile';

type User = Pick<TSessionUser, 'name' | 'email' | 'phone'>;

/** The form itself, mounted with the dialog: each opening starts from the saved data. */
function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateMyProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TUpdateMyProfileRequest>({
    resolver: zodResolver(ZUpdateMyProfileRequest),
    defaultValues: { name: user.name, phone: user.phone },
  });

  const onSubmit = handleSubmit((input) =>
    update.mutate(
      input,
      saveCallbacks<keyof TUpdateMyProfileRequest>({
        success: m.updated,
        fallback: commonMessages.genericError,
        onDone,
        setError,
      }),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField label="Nombre" autoComplete="name" {...register('name')} error={errors.name?.message} />
      <TextField label="Correo electrónico" type="email" value={user.email} readOnly disabled />
      <TextField
        label="Teléfono"
        type="tel"
        autoComplete="tel-national"
        maxLength={PHONE_MAX_TYPED}
        {...register('phone')}
        error={errors.phone?.message}
      />
      <FormActions onCancel={onDone} saving={update.isPending} />
    </form>
  );
}

/**
 * 'Editar mis datos': a client fixes its own name and phone, with the user form's messages; the e-mail is its
 * login and is shown, not edited. /perfil and the first step of /pago open it.
 */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Editar mis datos"
      description="Tu correo es con el que inicias sesión: no se puede cambiar."
    >
      {open && <EditProfileForm user={user} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
