import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { RedirectIfLoggedIn } from './redirect-if-logged-in';

/**
 * The login card: the island of /registro/iniciar-sesion (islands/registry.ts). A file of its own, so the island
 * loads the card and not its page (the banner, the page's head).
 */
export function LoginPanel() {
  return (
    <RedirectIfLoggedIn>
      <AuthCard title="Bienvenido de vuelta">
        <LoginForm />
      </AuthCard>
    </RedirectIfLoggedIn>
  );
}
