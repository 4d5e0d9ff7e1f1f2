import { zodResolver } from '@hookform/resolvers/zod';
import { commonMessages } from '@sala/shared/errors/messages';
import {
  privacyKindLabels,
  type TPrivacyRequest,
  type TResolvePrivacyRequestRequest,
  ZResolvePrivacyRequestRequest,
} from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useResolvePrivacyRequest } from '../api/privacy-requests-api';

export type Resolution = TResolvePrivacyRequestRequest['status'];

const copy = {
  done: {
    title: 'Marcar como atendida',
    save: 'Marcar como atendida',
    placeholder: 'Qué se hizo y cómo se le respondió al cliente',
  },
  refused: {
    title: 'Negar la solicitud',
    save: 'Negar',
    placeholder: 'Por qué se niega, como se le explicó al cliente',
  },
} as const;

/** Closes an open request as answered or refused; the answer is required (it stays with the request). */
export function ResolveRequestDialog({
  request,
  status,
  onClose,
}: {
  request: TPrivacyRequest;
  status: Resolution;
  onClose: () => void;
}) {
  const resolve = useResolvePrivacyRequest();
  const text = copy[status];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TResolvePrivacyRequestRequest>({
    resolver: zodResolver(ZResolvePrivacyRequestRequest),
    defaultValues: { status, resolution: '' },
  });

  const onSubmit = handleSubmit((input) =>
    resolve.mutate(
      { id: request.id, input },
      saveCallbacks({
        success: m.resolved,
        fallback: commonMessages.genericError,
        onDone: onClose,
        setError,
      }),
    ),
  );

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={`${privacyKindLabels[request.kind]} · ${request.userName} (${request.userEmail})`}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {request.detail && (
          <blockquote className="rounded-lg bg-sand-50 px-3 py-2 text-sm break-words whitespace-pre-line text-ink">
            {request.detail}
          </blockquote>
        )}
        <TextAreaField
          label="Respuesta"
          rows={4}
          maxLength={1000}
          placeholder={text.placeholder}
          {...register('resolution')}
          error={errors.resolution?.message}
        />
        <FormActions
          onCancel={onClose}
          saving={resolve.isPending}
          saveLabel={text.save}
          tone={status === 'refused' ? 'danger' : 'primary'}
        />
      </form>
    </Modal>
  );
}
