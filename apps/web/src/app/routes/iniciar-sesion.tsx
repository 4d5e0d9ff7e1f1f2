import { HeroBanner } from '../../components/ui/hero-banner';
import { LoginPanel } from '../../features/auth/components/login-panel';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function LoginPage() {
  return (
    <>
      <PageMeta path="/registro/iniciar-sesion" />
      <HeroBanner image="hero" title="Iniciar sesión" />
      <Island name="login">
        <LoginPanel />
      </Island>
    </>
  );
}
