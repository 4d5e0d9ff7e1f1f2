import { HeroBanner } from '../../components/ui/hero-banner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { RedirectIfLoggedIn } from '../../features/auth/components/redirect-if-logged-in';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

/** The login card: the page's island (islands/registry.ts). */
export function LoginPanel() {
  return (
    <RedirectIfLoggedIn>
      <AuthCard title="Bienvenido de vuelta">
        <LoginForm />
      </AuthCard>
    </RedirectIfLoggedIn>
  );
}

export default function LoginPage() {
  return (
    <>
      <PageMeta path="/registro/iniciar-sesion" />
      <HeroBanner image="/images/hero.svg" title="Iniciar sesión" />
      <Island name="login">
        <LoginPanel />
      </Island>
    </>
  );
}
