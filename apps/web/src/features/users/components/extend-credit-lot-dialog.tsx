import { zodResolver } from '@hookform/resolvers/zod';
import {
  creditLotSourceLabels,
  type TCreditLot,
  type TExtendCreditLotRequest,
  ZExtendCreditLotRequest,
} from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages as m } from '@sala/shared/credits/credit-lots.messages';
import { lotExpiryLine } from '@sala/shared/credits/credit-lots.rules';
import { commonMessages } from '@sala/shared/errors/messages';
import { addDays } from '@sala/shared/time/business-time';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { saveCallbacks } from '../../../lib/form-errors';
import { useExtendCreditLot } from '../api/client-account-api';

/**
 * Issue 44: the super admin moves a live lot's last day later (a "congelar" for an illness or a trip), with the
 * reason the audit log keeps. The date must come after the current one; the API judges the rest (ten years at most).
 */
export function ExtendCreditLotDialog({
  userId,
  lot,
  onClose,
}: {
  userId: string;
  lot: TCreditLot & { expiresOn: string };
  onClose: () => void;
}) {
  const extend = useExtendCreditLot(userId);
  const earliest = addDays(lot.expiresOn, 1);
  // The contract, and the one thing the form knows beside it: the new day comes after the current one.
  const resolver = useMemo(
    () =>
      zodResolver(
        ZExtendCreditLotRequest.refine((input) => input.expiresOn > lot.expiresOn, {
          path: ['expiresOn'],
          message: m.extendLater,
        }),
      ),
    [lot.expiresOn],
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TExtendCreditLotRequest>({ resolver, defaultValues: { expiresOn: earliest, reason: '' } });

  const onSubmit = handleSubmit((input) =>
    extend.mutate(
      { lotId: lot.id, input },
      saveCallbacks({
        success: m.extended,
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
      title="Extender vigencia"
      description={`${creditLotSourceLabels[lot.source]}: ${lotExpiryLine(lot)}.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Nueva fecha de vencimiento"
          type="date"
          required
          min={earliest}
          hint="El último día en que se pueden usar los créditos."
          {...register('expiresOn')}
          error={errors.expiresOn?.message}
        />
        <TextAreaField
          label="Motivo"
          required
          rows={2}
          {...register('reason')}
          error={errors.reason?.message}
        />
        <FormActions onCancel={onClose} saving={extend.isPending} saveLabel="Extender" />
      </form>
    </Modal>
  );
}
