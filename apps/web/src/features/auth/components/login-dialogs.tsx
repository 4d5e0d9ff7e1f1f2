import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** The login page's dialogs: forgot password, and the spec's notice for a deactivated account. */
export default function LoginDialogs({
  forgotOpen,
  onForgotOpenChange,
  disabledOpen,
  onDisabledOpenChange,
  onLoaded,
}: {
  forgotOpen: boolean;
  onForgotOpenChange: (open: boolean) => void;
  disabledOpen: boolean;
  onDisabledOpenChange: (open: boolean) => void;
  onLoaded: () => void;
}) {
  useEffect(onLoaded, [onLoaded]);
  return (
    <>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={onForgotOpenChange} />
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
