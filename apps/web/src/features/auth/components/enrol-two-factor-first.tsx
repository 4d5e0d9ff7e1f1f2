import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { ShieldAlert } from 'lucide-react';
import { LinkButton } from '../../../components/ui/link-button';
import { SECURITY_PATH } from '../api/login-return';

/**
 * What the admin area shows instead of its screens while the account must turn the second factor on (issue 45):
 * the API refuses every staff request until then, so a screen would only fail.
 */
export function EnrolTwoFactorFirst() {
  return (
    <section
      aria-labelledby="activar-dos-pasos"
      className="mx-auto mt-4 max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:mt-10 sm:p-8"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-100">
        <ShieldAlert aria-hidden className="size-6 text-amber-700" />
      </div>
      <h1 id="activar-dos-pasos" className="font-display text-2xl font-semibold text-brand-800">
        Activa la verificación en dos pasos
      </h1>
      <p className="text-base text-ink">{m.enrolFirst}</p>
      <p className="text-sm leading-relaxed text-muted">
        Toma un par de minutos: necesitas tu teléfono con una app de autenticación (Google Authenticator,
        Microsoft Authenticator, 1Password u otra). Al terminar, vuelve aquí.
      </p>
      <LinkButton to={SECURITY_PATH} size="lg" className="w-full sm:w-auto">
        Ir a Seguridad en Mi perfil
      </LinkButton>
    </section>
  );
}
