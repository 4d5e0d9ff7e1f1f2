import { HeroBanner } from '../../components/ui/hero-banner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { RedirectIfLoggedIn } from '../../features/auth/components/redirect-if-logged-in';
import { PageMeta } from '../page-meta';

export default function LoginPage() {
  return (
    <>
      <PageMeta path="/registro/iniciar-sesion" />
      <HeroBanner image="/images/hero.svg" title="Iniciar sesión" />
      <RedirectIfLoggedIn>
        <AuthCard title="Bienvenido de vuelta">
          <LoginForm />
        </AuthCard>
      </RedirectIfLoggedIn>
    </>
  );
}
