import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { HeroBanner } from '../../components/ui/hero-banner';
import { LinkButton } from '../../components/ui/link-button';
import { LOGIN_PATH } from '../../features/auth/api/login-return';
import { useConfirmEmailChange } from '../../features/me/api/my-privacy';
import { TokenAction } from '../../features/me/components/token-action';

/** /perfil/confirmar-correo?token=…: the link sent to a new address confirms it (rectification, issue 27). */
export default function ConfirmEmailPage() {
  const confirm = useConfirmEmailChange();
  return (
    <>
      <title>Confirmar mi nuevo correo · Sala Común</title>
      <HeroBanner image="hero" title="Confirmar mi nuevo correo" />
      <div className="mx-auto max-w-xl px-4 py-12">
        <TokenAction
          intro="Confirma que este es tu nuevo correo para tu cuenta de Sala Común. Al confirmarlo, cerramos tus sesiones abiertas y avisamos a tu correo anterior."
          actionLabel="Confirmar mi nuevo correo"
          invalidMessage={m.emailChangeInvalid}
          mutation={confirm}
          after={<LinkButton to={LOGIN_PATH}>Iniciar sesión</LinkButton>}
        />
      </div>
    </>
  );
}
