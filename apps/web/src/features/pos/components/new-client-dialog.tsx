import { zodResolver } from '@hookform/resolvers/zod';
import { PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import { commonMessages } from '@sala/shared/errors/messages';
import { type TCreateClientRequest, ZCreateClientRequest } from '@sala/shared/users/users.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { fieldErrorClass } from '../../../components/ui/field-styles';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { PrivacySummary } from '../../../components/ui/privacy-summary';
import { TextField } from '../../../components/ui/text-field';
import { saveCallbacks } from '../../../lib/form-errors';
import type { ClientPick } from '../../users/api/users-api';
import { clientPickOf, useCreateClient } from '../api/create-client';

type Props = { onClose: () => void; onCreated: (client: ClientPick) => void };

/**
 * "Nuevo cliente" at the point of sale (docs/decisions/018): the client is registered at the desk, active at once
 * with no credits, after being shown the simplified privacy notice; the checkbox records that they were and that
 * they accepted the terms. The client sets a password later through "¿Olvidaste tu contraseña?".
 */
export function NewClientDialog({ onClose, onCreated }: Props) {
  const create = useCreateClient();
  const noticeErrorId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCreateClientRequest>({
    resolver: zodResolver(ZCreateClientRequest),
    defaultValues: { name: '', email: '', phone: '' },
  });
  const noticeError = errors.noticeGiven?.message;

  const onSubmit = handleSubmit((input) => {
    // An e-mail already taken comes back under the Correo field.
    const { onSuccess, onError } = saveCallbacks({
      success: m.clientCreated,
      fallback: commonMessages.genericError,
      onDone: onClose,
      setError,
    });
    create.mutate(input, {
      onSuccess: (user) => {
        onCreated(clientPickOf(user));
        onSuccess();
      },
      onError,
    });
  });

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Nuevo cliente" size="lg">
      {/* Staff type someone else's data: the browser's own autofill would offer the cashier's. */}
      <form onSubmit={onSubmit} noValidate autoComplete="off" className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Nombre"
          containerClassName="sm:col-span-2"
          maxLength={120}
          {...register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          maxLength={254}
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Teléfono (10 dígitos)"
          type="tel"
          maxLength={PHONE_MAX_TYPED}
          {...register('phone')}
          error={errors.phone?.message}
        />
        <div className="space-y-3 rounded-lg bg-sand-50 p-3 sm:col-span-2">
          {/* The simplified notice, read to or shown to the client before the box is ticked. */}
          <PrivacySummary subject="client" />
          <label className="flex items-start gap-2 text-sm font-medium text-ink">
            <input
              type="checkbox"
              {...register('noticeGiven')}
              aria-invalid={noticeError ? true : undefined}
              aria-describedby={noticeError ? noticeErrorId : undefined}
              className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
            />
            El cliente recibió el aviso de privacidad y aceptó los términos
          </label>
          {noticeError && (
            <p id={noticeErrorId} className={fieldErrorClass}>
              {noticeError}
            </p>
          )}
        </div>
        <FormActions
          onCancel={onClose}
          saving={create.isPending}
          saveLabel="Registrar cliente"
          className="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}
