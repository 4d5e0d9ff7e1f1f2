import { AuthCard } from './auth-card';
import { RedirectIfLoggedIn } from './redirect-if-logged-in';
import { RegisterForm } from './register-form';

/**
 * The registration card: the island of /registro (islands/registry.ts). A file of its own, so the island loads the
 * card and not its page (the banner, the page's head).
 */
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
