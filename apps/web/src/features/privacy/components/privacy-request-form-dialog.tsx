import { zodResolver } from '@hookform/resolvers/zod';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import {
  privacyChannelLabels,
  privacyKindLabels,
  privacyRequestKinds,
  type TCreatePrivacyRequestRequest,
  ZCreatePrivacyRequestRequest,
} from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { privacyDueDate } from '@sala/shared/privacy/privacy.rules';
import { businessDate } from '@sala/shared/time/business-time';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { SearchPicker } from '../../../components/ui/search-picker';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { queryKeys } from '../../../lib/query-keys';
import { type ClientPick, searchClientPicks } from '../../users/api/users-api';
import { useCreatePrivacyRequest } from '../api/privacy-requests-api';

const kindOptions = privacyRequestKinds.map((value) => ({ value, label: privacyKindLabels[value] }));
const channelOptions = (['email', 'in_person'] as const).map((value) => ({
  value,
  label: privacyChannelLabels[value],
}));

/**
 * "Registrar solicitud": an ARCO request that came by e-mail or in person, for a client found as at the point of
 * sale. It is received today (Mexico City), so it is due 20 business days from today.
 */
export function PrivacyRequestFormDialog({ onClose }: { onClose: () => void }) {
  const create = useCreatePrivacyRequest();
  const [client, setClient] = useState<ClientPick | null>(null);
  // Read once: the dialog says the date the API will compute for a request received now.
  const [dueOn] = useState(() => privacyDueDate(businessDate(new Date())));
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCreatePrivacyRequestRequest>({
    resolver: zodResolver(ZCreatePrivacyRequestRequest),
    defaultValues: { userId: '', detail: '' },
  });

  const onSubmit = handleSubmit((input) =>
    create.mutate(
      input,
      saveCallbacks({
        success: m.recorded,
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
      title="Registrar solicitud"
      description="Una solicitud que llegó por correo o en persona."
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="userId"
          render={({ field }) => (
            <SearchPicker<ClientPick>
              label="Cliente"
              className="sm:col-span-2"
              name={field.name}
              placeholder="Nombre, correo o teléfono"
              search={searchClientPicks}
              searchKey={queryKeys.users.clientPicks}
              selected={client}
              onSelect={(pick) => {
                setClient(pick);
                field.onChange(pick.id);
              }}
              error={errors.userId?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <SelectField
              label="Derecho"
              name={field.name}
              options={kindOptions}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.kind?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="channel"
          render={({ field }) => (
            <SelectField
              label="Medio"
              name={field.name}
              options={channelOptions}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.channel?.message}
            />
          )}
        />
        <TextAreaField
          label="Detalle"
          containerClassName="sm:col-span-2"
          placeholder="Qué pidió el cliente, con sus palabras"
          maxLength={1000}
          {...register('detail')}
          error={errors.detail?.message}
        />
        <p
          data-testid="privacy-due-date"
          className="flex items-start gap-2 rounded-lg bg-sand-50 px-3 py-2 text-sm text-ink sm:col-span-2"
        >
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
          <span>
            Se debe responder a más tardar el <strong>{formatCalendarDate(dueOn)}</strong> (20 días hábiles).
          </span>
        </p>
        <FormActions
          onCancel={onClose}
          saving={create.isPending}
          saveLabel="Registrar"
          className="sm:col-span-2"
        />
      </form>
    </Modal>
  );
}
