import { formatCredits } from '@sala/shared/format/credits';
import { HeroBanner } from '../../components/ui/hero-banner';
import { useSession } from '../../features/auth/api/get-session';
import { RequireSession } from '../../features/auth/components/require-session';

function Profile() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section aria-labelledby="perfil-datos" className="mx-auto max-w-4xl px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="perfil-datos" className="font-display text-2xl font-semibold text-brand-800">
          {user.name}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted">Correo</dt>
            <dd className="font-medium">{user.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Teléfono</dt>
            <dd className="font-medium">{user.phone}</dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Créditos</dt>
            <dd className="text-2xl font-bold text-brand-700">{formatCredits(user.credits)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

export default function ProfilePage() {
  return (
    <>
      <title>Mi perfil · Sala Común</title>
      <HeroBanner image="/images/about.svg" title="Mi perfil" />
      <RequireSession>
        <Profile />
      </RequireSession>
    </>
  );
}
