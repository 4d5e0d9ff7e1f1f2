import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatDate, formatDateTime } from '@sala/shared/format/date-time';
import { LogOut, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useEndLogin, useEndOtherLogins, useOpenLogins } from '../api/open-logins-api';

/** 'Chrome 131 · Windows 10': the browser and the system it runs on, as the server read them. */
export const loginLabel = (login: Pick<TOpenLogin, 'browser' | 'system'>) =>
  `${login.browser} · ${login.system}`;

export const openLoginsMessages = {
  ended: (label: string) => `Cerramos la sesión de ${label}.`,
  endedOthers: (ended: number) =>
    ended === 0
      ? 'No había otras sesiones abiertas.'
      : `Cerramos ${ended} ${ended === 1 ? 'sesión' : 'sesiones'} en otros navegadores.`,
  endOthersWarning:
    'Se cerrará tu sesión en todos los navegadores y dispositivos, menos en este. Para volver a entrar ahí tendrán que iniciar sesión de nuevo.',
} as const;

const onPhone = (system: string) => /android|ios|iphone|ipad/i.test(system);

/** This browser first, then the most recently used. */
const inOrder = (logins: TOpenLogin[]) =>
  [...logins].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );

/**
 * "Sesiones abiertas" in Mi perfil → Seguridad (issue 45): every browser where the account is signed in, and a way
 * to end any of them but this one (which "Cerrar sesión" ends), or all of them at once.
 */
export function OpenLoginsPanel() {
  const logins = useOpenLogins();
  const endLogin = useEndLogin();
  const endOthers = useEndOtherLogins();
  const [confirming, setConfirming] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);
  const others = logins.data?.filter((login) => !login.current).length ?? 0;

  const end = (login: TOpenLogin) => {
    setEnding(login.id);
    void reportFailure(() => endLogin.mutateAsync(login.id), commonMessages.genericError, 'open-logins')
      .then(() => notify.success(openLoginsMessages.ended(loginLabel(login))))
      .catch(() => {})
      .finally(() => setEnding(null));
  };

  return (
    <section aria-labelledby="sesiones-abiertas-titulo" className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="sesiones-abiertas-titulo" className="text-lg font-semibold text-ink">
            Sesiones abiertas
          </h3>
          <p className="mt-1 max-w-3xl text-sm leading-relaxed text-muted">
            Los navegadores donde tu cuenta tiene la sesión iniciada. Si no reconoces alguno, ciérralo y
            cambia tu contraseña.
          </p>
        </div>
        <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setConfirming(true)}>
          <LogOut aria-hidden className="size-4" /> Cerrar sesión en todos los demás
        </Button>
      </div>
      {logins.isPending ? (
        <Spinner className="size-6 text-brand-500" />
      ) : logins.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {commonMessages.genericError}
        </p>
      ) : (
        <ul
          aria-labelledby="sesiones-abiertas-titulo"
          className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200"
        >
          {inOrder(logins.data).map((login) => {
            const label = loginLabel(login);
            const Icon = onPhone(login.system) ? Smartphone : Monitor;
            return (
              <li
                key={login.id}
                aria-label={label}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-start gap-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-500" />
                  <div className="min-w-0 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {label}
                      {login.current && <Badge tone="success">Este navegador</Badge>}
                    </p>
                    <p className="text-sm break-words text-muted">
                      {login.ip ? `Dirección IP ${login.ip}` : 'Dirección IP desconocida'}
                    </p>
                    <p className="flex flex-wrap gap-x-3 text-sm text-muted">
                      <span>Desde el {formatDate(login.createdAt)}</span>
                      <span>Última actividad {formatDateTime(login.lastSeenAt)}</span>
                    </p>
                  </div>
                </div>
                {!login.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="self-start sm:self-auto"
                    aria-label={`Cerrar la sesión de ${label}`}
                    loading={ending === login.id}
                    disabled={ending !== null && ending !== login.id}
                    onClick={() => end(login)}
                  >
                    Cerrar
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cerrar las demás sesiones"
        description={openLoginsMessages.endOthersWarning}
        confirmLabel="Cerrar sesiones"
        tone="danger"
        onConfirm={async () => {
          const { ended } = await reportFailure(
            () => endOthers.mutateAsync(),
            commonMessages.genericError,
            'open-logins',
          );
          notify.success(openLoginsMessages.endedOthers(ended));
        }}
      />
    </section>
  );
}
