import { HeroBanner } from '../../components/ui/hero-banner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { RedirectIfLoggedIn } from '../../features/auth/components/redirect-if-logged-in';
import { RegisterForm } from '../../features/auth/components/register-form';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

/** The registration card: the page's island (islands/registry.ts). */
export function RegisterPanel() {
  return (
    <RedirectIfLoggedIn>
      <AuthCard title="Regístrate">
        <p className="-mt-3 mb-5 text-sm text-muted">
          Un administrador activará tu cuenta; después podrás comprar créditos y reservar.
        </p>
        <RegisterForm />
      </AuthCard>
    </RedirectIfLoggedIn>
  );
}

export default function RegisterPage() {
  return (
    <>
      <PageMeta path="/registro" />
      <HeroBanner image="/images/hero.svg" title="Crear cuenta" />
      <Island name="register">
        <RegisterPanel />
      </Island>
    </>
  );
}
