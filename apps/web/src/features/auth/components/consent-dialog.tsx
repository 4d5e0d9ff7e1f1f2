import { formatCalendarDate } from '@sala/shared/format/dates';
import { legalMessages } from '@sala/shared/legal/legal.messages';
import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import { useAcceptConsents } from '../api/auth-mutations';
import { useLogout } from '../api/logout';

const link = 'font-semibold text-brand-700 underline';

/**
 * Asked at a login when the person has not accepted today's privacy notice or terms (a new version with new purposes
 * asks again, docs/business-rules.md D§11). Accepting records it and goes on; declining closes the session.
 */
export function ConsentDialog({ open, onDone }: { open: boolean; onDone: (accepted: boolean) => void }) {
  const accept = useAcceptConsents();
  const logout = useLogout();
  const privacy = currentVersion(PRIVACY_NOTICE_VERSIONS);
  const terms = currentVersion(TERMS_VERSIONS);
  const failure =
    accept.error instanceof ApiError
      ? accept.error.message
      : accept.error
        ? legalMessages.consentNeeded
        : undefined;
  return (
    <Modal
      open={open}
      // Not dismissed by Escape or a click outside: it is answered.
      onOpenChange={() => {}}
      title="Antes de continuar"
      showCloseButton={false}
      footer={
        <>
          <Button variant="secondary" loading={logout.isPending} onClick={() => logout.mutate()}>
            Ahora no (cerrar sesión)
          </Button>
          <Button
            loading={accept.isPending}
            onClick={() =>
              accept.mutate(
                { privacyVersion: privacy.version, termsVersion: terms.version },
                { onSuccess: () => onDone(true) },
              )
            }
          >
            Acepto
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm leading-relaxed">
        <p>Para seguir usando tu cuenta necesitamos que aceptes:</p>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            El{' '}
            <AppLink to="/aviso-de-privacidad" target="_blank" rel="noopener" className={link}>
              aviso de privacidad
            </AppLink>{' '}
            del {formatCalendarDate(privacy.date)}: {privacy.summary}
          </li>
          <li>
            Los{' '}
            <AppLink to="/terminos" target="_blank" rel="noopener" className={link}>
              términos y condiciones
            </AppLink>{' '}
            del {formatCalendarDate(terms.date)}: {terms.summary}
          </li>
        </ul>
        <RefusalNote role="alert" message={failure} />
      </div>
    </Modal>
  );
}
