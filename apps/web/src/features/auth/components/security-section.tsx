import { SECURITY_SECTION_ID } from '../api/login-return';
import { OpenLoginsPanel } from './open-logins-panel';
import { TwoFactorPanel } from './two-factor-panel';

/**
 * "Seguridad" in Mi perfil (issue 45): the second factor and the open logins. Linked as /perfil#seguridad, where a
 * staff account is sent to turn the second factor on.
 */
export function SecuritySection({ email }: { email: string }) {
  return (
    <section
      id={SECURITY_SECTION_ID}
      aria-labelledby="seguridad-titulo"
      className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="seguridad-titulo" className="font-display text-2xl font-semibold text-brand-800">
        Seguridad
      </h2>
      <div className="mt-6 divide-y divide-slate-200 [&>*]:py-8 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <TwoFactorPanel email={email} />
        <OpenLoginsPanel />
      </div>
    </section>
  );
}
