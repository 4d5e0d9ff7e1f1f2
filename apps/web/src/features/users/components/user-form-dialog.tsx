import { zodResolver } from '@hookform/resolvers/zod';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import {
  roleLabels,
  type TUpdateUserRequest,
  type TUser,
  ZUpdateUserRequest,
} from '@sala/shared/users/users.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUser } from '../api/users-api';

type Props = { user: TUser; actor: TSessionUser; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * docs/business-rules.md §5 user form: the e-mail is locked for staff accounts, and only a super admin changes a client's (the API
 * refuses an admin); only a super admin sees and edits credits, role and status, and only a super admin is
 * offered the 'Super Administrador' role.
 */
export function UserFormDialog({ user, actor, open, onOpenChange }: Props) {
  const update = useUpdateUser();
  const isSuper = actor.role === 'superadmin';
  const emailLocked = user.role !== 'user' || !isSuper;
  const roleOptions = [
    { value: 'admin', label: roleLabels.admin },
    { value: 'user', label: roleLabels.user },
    ...(isSuper ? [{ value: 'superadmin', label: roleLabels.superadmin }] : []),
  ];
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<TUpdateUserRequest>({
    resolver: zodResolver(ZUpdateUserRequest),
    values: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      ...(isSuper ? { credits: user.credits, role: user.role, isActive: user.isActive } : {}),
    },
  });

  const onSubmit = handleSubmit((input) =>
    update.mutate(
      { id: user.id, input },
      {
        onSuccess: () => {
          notify.success(m.updated);
          onOpenChange(false);
        },
        onError: (error) =>
          notify.error(error instanceof ApiError && error.status < 500 ? error.message : undefined),
      },
    ),
  );

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Editar usuario" size="lg">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nombre"
          containerClassName="sm:col-span-2"
          {...register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          readOnly={emailLocked}
          aria-readonly={emailLocked || undefined}
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Teléfono"
          type="tel"
          maxLength={PHONE_MAX_TYPED}
          {...register('phone')}
          error={errors.phone?.message}
        />
        {isSuper && (
          <>
            <TextField
              label="Créditos"
              type="number"
              min={0}
              step={1}
              {...register('credits', { setValueAs: (v) => (v === '' ? Number.NaN : Number(v)) })}
              error={errors.credits?.message}
            />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <SelectField
                  label="Rol"
                  name={field.name}
                  options={roleOptions}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  error={errors.role?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="isActive"
              render={({ field }) => (
                <SelectField
                  label="Estado"
                  name={field.name}
                  options={[
                    { value: 'true', label: 'Activo' },
                    { value: 'false', label: 'Inactivo' },
                  ]}
                  value={field.value === undefined ? '' : String(field.value)}
                  onChange={(value) => field.onChange(value === 'true')}
                />
              )}
            />
          </>
        )}
        <FormActions
          onCancel={() => onOpenChange(false)}
          saving={update.isPending}
          className="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}
