import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatDateTime } from '@sala/shared/format/date-time';
import type { TUser } from '@sala/shared/users/users.contract';
import { LogOut, MonitorSmartphone, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import { useDisableUserTwoFactor, useEndUserLogins, useUserLogins } from '../api/user-security-api';

/** 'Se cerraron 3 sesiones', 'Se cerró 1 sesión'. */
export function endedLoginsMessage(ended: number) {
  if (ended === 0) return 'No había sesiones abiertas';
  return ended === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${ended} sesiones`;
}

function Card({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2
        id={headingId}
        className="flex items-center gap-2 font-display text-xl font-semibold text-brand-800"
      >
        {icon} {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The account's second factor, when it has one (issue 45): the super admin turns it off for a person who lost the
 * phone and the recovery codes, who then enters with the password alone until turning it on again.
 */
export function UserTwoFactorCard({ user }: { user: TUser }) {
  const disable = useDisableUserTwoFactor(user.id);
  const [confirming, setConfirming] = useState(false);
  if (!user.twoFactorEnabled) return null;
  return (
    <Card title="Seguridad" icon={<ShieldCheck aria-hidden className="size-5" />}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm">
          Verificación en dos pasos: <Badge tone="success">activa</Badge>
        </p>
        <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
          Desactivar
        </Button>
      </div>
      <p className="text-sm text-muted">
        Desactívala solo si la persona perdió su teléfono y sus códigos de recuperación: entrará con su
        contraseña y podrá activarla de nuevo en Mi Perfil.
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Desactivar la verificación en dos pasos"
        description={`${user.name} entrará solo con su contraseña hasta que vuelva a activarla en Mi Perfil. Hazlo solo si perdió su teléfono y sus códigos de recuperación.`}
        confirmLabel="Desactivar"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => disable.mutateAsync(), commonMessages.genericError);
          notify.success('Verificación en dos pasos desactivada');
        }}
      />
    </Card>
  );
}

function LoginItem({ login }: { login: TOpenLogin }) {
  return (
    <li className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0" data-testid="open-login">
      <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
        {login.browser} · {login.system}
        {login.persistent && <Badge tone="neutral">Sesión mantenida</Badge>}
      </p>
      <p className="text-sm break-words text-muted">
        {login.ip ?? 'Dirección desconocida'} · Desde el {formatDateTime(login.createdAt)} · Última actividad:{' '}
        {formatDateTime(login.lastSeenAt)}
      </p>
    </li>
  );
}

/**
 * "Sesiones abiertas" of an account (issue 45, super admin): its browsers, and ending every one of them (the
 * person is out at the next request).
 */
export function UserLoginsCard({ user }: { user: TUser }) {
  const logins = useUserLogins(user.id);
  const end = useEndUserLogins(user.id);
  const [confirming, setConfirming] = useState(false);
  const list = logins.data ?? [];
  return (
    <Card title="Sesiones abiertas" icon={<MonitorSmartphone aria-hidden className="size-5" />}>
      <p className="text-sm text-muted">Los navegadores donde esta cuenta tiene la sesión iniciada.</p>
      {logins.isPending ? (
        <div className="flex justify-center py-6 text-brand-600">
          <Spinner className="size-6" />
          <span className="sr-only">Cargando...</span>
        </div>
      ) : logins.isError ? (
        <p role="alert" className="text-sm text-red-700">
          No pudimos cargar sus sesiones. {logins.error.message}
        </p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">No tiene sesiones abiertas.</p>
      ) : (
        <ul aria-label="Sesiones abiertas" className="divide-y divide-slate-200">
          {list.map((login) => (
            <LoginItem key={login.id} login={login} />
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button
          variant="secondary"
          onClick={() => setConfirming(true)}
          disabled={logins.isSuccess ? list.length === 0 : logins.isPending}
          className="w-full sm:w-auto"
        >
          <LogOut aria-hidden className="size-4" /> Cerrar todas sus sesiones
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cerrar todas sus sesiones"
        description={`${user.name} tendrá que iniciar sesión de nuevo en todos sus navegadores.`}
        confirmLabel="Cerrar sesiones"
        cancelLabel="Volver"
        tone="danger"
        onConfirm={async () => {
          const { ended } = await reportFailure(() => end.mutateAsync(), commonMessages.genericError);
          notify.success(endedLoginsMessage(ended));
        }}
      />
    </Card>
  );
}
