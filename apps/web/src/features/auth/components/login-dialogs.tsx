import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { ConsentDialog } from './consent-dialog';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/**
 * The login page's dialogs: forgot password, the spec's notice for a deactivated account, and the privacy notice and
 * terms to accept again (a version that asks again).
 */
export default function LoginDialogs({
  forgotOpen,
  onForgotOpenChange,
  disabledOpen,
  onDisabledOpenChange,
  consentOpen,
  onConsentDone,
  onLoaded,
}: {
  forgotOpen: boolean;
  onForgotOpenChange: (open: boolean) => void;
  disabledOpen: boolean;
  onDisabledOpenChange: (open: boolean) => void;
  consentOpen: boolean;
  /** Accepted (go on), or declined (the login was closed). */
  onConsentDone: (accepted: boolean) => void;
  onLoaded: () => void;
}) {
  useEffect(onLoaded, [onLoaded]);
  return (
    <>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={onForgotOpenChange} />
      <ConsentDialog open={consentOpen} onDone={onConsentDone} />
      <Modal
        open={disabledOpen}
        onOpenChange={onDisabledOpenChange}
        title="Cuenta desactivada"
        showCloseButton={false}
        footer={<Button onClick={() => onDisabledOpenChange(false)}>Cerrar</Button>}
      >
        <p className="font-semibold text-ink">{m.accountDisabled}</p>
      </Modal>
    </>
  );
}
