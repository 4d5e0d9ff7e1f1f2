import { commonMessages } from '@sala/shared/errors/messages';
import { RETENTION_YEARS } from '@sala/shared/legal/retention';
import type { TPrivacyRequest } from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { notify } from '../../../components/ui/toast';
import { saveErrorMessage } from '../../../lib/form-errors';
import { useLegal } from '../../legal/api/legal-api';
import { useCloseAccountFor, useOptOutFor } from '../api/privacy-requests-api';

type Props = { request: TPrivacyRequest; onClose: () => void };

/**
 * Cancellation for the client, under the same rules as their own: the API refuses while sessions or payments are
 * pending and names each one. The refusal stays in the dialog rather than a toast: it can be long (every session
 * to come) and is read to the client.
 */
export function CloseAccountDialog({ request, onClose }: Props) {
  const close = useCloseAccountFor();
  const legal = useLegal();
  const [refusal, setRefusal] = useState<string>();
  const years = legal.data?.facts?.retentionYears ?? RETENTION_YEARS.default;

  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Eliminar su cuenta"
      description={
        <>
          La cuenta de <strong className="text-ink">{request.userName}</strong> ({request.userEmail}) se
          bloquea en este momento: ya no podrá iniciar sesión ni aparecerá en las listas del personal. Sus
          créditos se cancelan y sus datos personales se suprimen después de {years}{' '}
          {years === 1 ? 'año' : 'años'} (el plazo de conservación); sus órdenes y sesiones se conservan sin
          ellos. Se le avisa por correo y la solicitud queda atendida.
        </>
      }
      confirmLabel="Eliminar su cuenta"
      tone="danger"
      onConfirm={async () => {
        setRefusal(undefined);
        try {
          await close.mutateAsync(request.id);
        } catch (error) {
          setRefusal(saveErrorMessage(error, commonMessages.genericError));
          throw error;
        }
        notify.success(m.accountClosedForClient);
      }}
    >
      {refusal ? <RefusalNote message={refusal} role="alert" /> : undefined}
    </ConfirmDialog>
  );
}

/** Opposition for the client: the one voluntary purpose (the reminders) stops, and the request is answered. */
export function OptOutDialog({ request, onClose }: Props) {
  const optOut = useOptOutFor();
  const [refusal, setRefusal] = useState<string>();
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Desactivar recordatorios"
      description={
        <>
          <strong className="text-ink">{request.userName}</strong> ya no recibirá recordatorios de sus
          sesiones; los correos de sus reservaciones y compras siguen llegando. Lo puede volver a activar
          desde su perfil. La solicitud queda atendida.
        </>
      }
      confirmLabel="Desactivar recordatorios"
      onConfirm={async () => {
        setRefusal(undefined);
        try {
          await optOut.mutateAsync(request.id);
        } catch (error) {
          setRefusal(saveErrorMessage(error, commonMessages.genericError));
          throw error;
        }
        notify.success(m.resolved);
      }}
    >
      {refusal ? <RefusalNote message={refusal} role="alert" /> : undefined}
    </ConfirmDialog>
  );
}
