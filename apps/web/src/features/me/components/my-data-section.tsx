import { zodResolver } from '@hookform/resolvers/zod';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCredits } from '@sala/shared/format/credits';
import { formatCalendarDate } from '@sala/shared/format/dates';
import {
  type TCloseMyAccountRequest,
  type TRequestEmailChangeRequest,
  ZCloseMyAccountRequest,
  ZRequestEmailChangeRequest,
} from '@sala/shared/privacy/privacy.contract';
import { businessDate } from '@sala/shared/time/business-time';
import { Download, Mail, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { setFlash } from '../../../lib/flash';
import { saveErrorMessage } from '../../../lib/form-errors';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { AppLink } from '../../../lib/navigation';
import {
  MY_DATA_EXPORT_URL,
  useCloseMyAccount,
  useMyPrivacy,
  useRequestEmailChange,
  useUpdateMyPreferences,
} from '../api/my-privacy';

const link = 'font-semibold text-brand-700 underline';

/** One ARCO right: what it is, in a line, and how to use it here. */
function Right({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 border-t border-slate-200 py-4 first:border-t-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="max-w-xl space-y-1">
        <h3 className="font-semibold text-ink">{title}</h3>
        <div className="text-sm leading-relaxed text-muted">{children}</div>
      </div>
      {action && <div className="shrink-0">{action}</div>}
    </li>
  );
}

function ChangeEmailDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useRequestEmailChange();
  const [sent, setSent] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<TRequestEmailChangeRequest>({ resolver: zodResolver(ZRequestEmailChangeRequest) });
  const close = () => {
    onOpenChange(false);
    setSent(undefined);
    reset();
  };
  const onSubmit = handleSubmit((input) =>
    change.mutate(input, {
      onSuccess: ({ message }) => setSent(message),
      onError: (error) =>
        notify.error(
          saveErrorMessage(error, commonMessages.genericError, (field, e) =>
            setError(field as keyof TRequestEmailChangeRequest, e),
          ),
        ),
    }),
  );
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Cambiar mi correo"
      description="Te enviaremos un enlace al correo nuevo: tu correo actual sigue funcionando hasta que lo abras, y le avisaremos del cambio."
    >
      {sent ? (
        <div className="space-y-4">
          <p
            role="status"
            className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-800 ring-1 ring-brand-200"
          >
            {sent}
          </p>
          <div className="flex justify-end">
            <Button onClick={close}>Listo</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField
            label="Correo nuevo"
            type="email"
            autoComplete="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <TextField
            label="Tu contraseña"
            type="password"
            autoComplete="current-password"
            {...register('password')}
            error={errors.password?.message}
          />
          <FormActions onCancel={close} saving={change.isPending} saveLabel="Enviar enlace" />
        </form>
      )}
    </Modal>
  );
}

function CloseAccountDialog({
  open,
  onOpenChange,
  credits,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  credits: number;
}) {
  const close = useCloseMyAccount();
  const [refusal, setRefusal] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCloseMyAccountRequest>({ resolver: zodResolver(ZCloseMyAccountRequest) });
  const onSubmit = handleSubmit((input) => {
    setRefusal(undefined);
    close.mutate(input, {
      onSuccess: ({ message }) => {
        // The server ended this session with the account: the page starts over, and says so.
        writeStored(storageKeys.userDetails, null);
        setFlash('warning', message);
        window.location.assign('/');
      },
      onError: (error) =>
        setRefusal(
          saveErrorMessage(error, commonMessages.genericError, (field, e) =>
            setError(field as keyof TCloseMyAccountRequest, e),
          ),
        ),
    });
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Eliminar mi cuenta">
      <form onSubmit={onSubmit} noValidate className="grid gap-4 text-sm leading-relaxed">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>Tu cuenta se elimina en este momento: ya no podrás iniciar sesión ni reservar.</li>
          <li>
            {credits > 0 ? (
              <>
                Tus <strong>{formatCredits(credits)}</strong> se cancelan y no se pueden recuperar.
              </>
            ) : (
              'No tienes créditos que perder.'
            )}
          </li>
          <li>
            Guardamos tus datos bloqueados el tiempo que piden las leyes fiscales y después los suprimimos (el{' '}
            <AppLink to="/aviso-de-privacidad" target="_blank" rel="noopener" className={link}>
              aviso de privacidad
            </AppLink>{' '}
            dice cuánto).
          </li>
        </ul>
        <TextField
          label="Escribe tu contraseña para confirmar"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <RefusalNote role="alert" message={refusal} />
        <FormActions
          onCancel={() => onOpenChange(false)}
          saving={close.isPending}
          saveLabel="Eliminar mi cuenta"
          tone="danger"
        />
      </form>
    </Modal>
  );
}

/**
 * "Mis datos personales" (issue 27): the four ARCO rights a client uses from here — access (download everything),
 * rectification (the profile editor, and the e-mail confirmed from the new address), opposition (the reminders)
 * and cancellation (close the account) — and what the client accepted. Staff accounts keep the first and the
 * reminders; their e-mail and their end are a super admin's.
 */
export function MyDataSection({ user, onEditProfile }: { user: TSessionUser; onEditProfile: () => void }) {
  const privacy = useMyPrivacy();
  const preferences = useUpdateMyPreferences();
  const [dialog, setDialog] = useState<'email' | 'close'>();
  const remindersId = useId();
  const isClient = user.role === 'user';
  const data = privacy.data;
  const accepted = data?.consents.find((c) => c.document === 'privacy');

  return (
    <section
      id="mis-datos"
      aria-labelledby="mis-datos-titulo"
      className="scroll-mt-24 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="mis-datos-titulo" className="font-display text-2xl font-semibold text-brand-800">
        Mis datos personales
      </h2>
      <p className="mt-2 text-sm text-muted">
        Qué hacemos con tus datos está en el{' '}
        <AppLink to="/aviso-de-privacidad" className={link}>
          aviso de privacidad
        </AppLink>
        .{' '}
        {accepted &&
          `Lo aceptaste (versión del ${formatCalendarDate(accepted.version)}) el ${formatCalendarDate(businessDate(new Date(accepted.acceptedAt)))}.`}
      </p>
      <ul className="mt-4">
        <Right
          title="Acceso: descargar mis datos"
          action={
            <a
              href={MY_DATA_EXPORT_URL}
              download
              className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-sand-50"
            >
              <Download aria-hidden className="size-4" /> Descargar mis datos
            </a>
          }
        >
          Todo lo que guardamos sobre ti: tu perfil, tus sesiones y listas de espera, tus compras y pagos, tus
          movimientos de créditos, tus sesiones abiertas y los correos que te enviamos, en un archivo ZIP
          (JSON y CSV para abrir en una hoja de cálculo).
        </Right>
        <Right
          title="Rectificación: corregir mis datos"
          action={
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" size="sm" onClick={onEditProfile}>
                Editar mis datos
              </Button>
              {isClient && (
                <Button variant="secondary" size="sm" onClick={() => setDialog('email')}>
                  <Mail aria-hidden className="size-4" /> Cambiar mi correo
                </Button>
              )}
            </div>
          }
        >
          Tu nombre y tu teléfono los corriges tú. Para cambiar tu correo te enviamos un enlace al nuevo.
        </Right>
        <Right
          title="Oposición: recordatorios por correo"
          action={
            <label
              htmlFor={remindersId}
              className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium"
            >
              <input
                id={remindersId}
                type="checkbox"
                role="switch"
                aria-checked={data?.remindersEnabled ?? true}
                className="size-5 accent-brand-700"
                checked={data?.remindersEnabled ?? true}
                disabled={!data || preferences.isPending}
                onChange={(event) =>
                  preferences.mutate(
                    { remindersEnabled: event.target.checked },
                    {
                      onSuccess: ({ message }) => notify.success(message),
                      onError: (error) => notify.error(saveErrorMessage(error, commonMessages.genericError)),
                    },
                  )
                }
              />
              {data?.remindersEnabled === false ? 'Desactivados' : 'Activados'}
            </label>
          }
        >
          Te recordamos cada sesión 24 horas antes. Es lo único que hacemos con tus datos sin que sea
          necesario para el servicio: puedes desactivarlo cuando quieras. Las confirmaciones y los recibos
          siempre te llegan.
        </Right>
        {isClient && (
          <Right
            title="Cancelación: eliminar mi cuenta"
            action={
              <Button
                variant="secondary"
                size="sm"
                className="text-red-700"
                disabled={!data || data.closeBlockers.length > 0}
                onClick={() => setDialog('close')}
              >
                <Trash2 aria-hidden className="size-4" /> Eliminar mi cuenta
              </Button>
            }
          >
            {data && data.closeBlockers.length > 0 ? (
              <>
                <span className="block">
                  Podrás eliminar tu cuenta cuando no tengas nada pendiente. Hoy tienes:
                </span>
                <span className="mt-1 block font-medium text-ink">{data.closeBlockers.join('; ')}.</span>
              </>
            ) : (
              'Tu cuenta se elimina en el momento y tus créditos se cancelan. Antes te decimos cuántos.'
            )}
          </Right>
        )}
      </ul>
      <ChangeEmailDialog
        open={dialog === 'email'}
        onOpenChange={(open) => setDialog(open ? 'email' : undefined)}
      />
      <CloseAccountDialog
        open={dialog === 'close'}
        onOpenChange={(open) => setDialog(open ? 'close' : undefined)}
        credits={data?.credits ?? user.credits}
      />
    </section>
  );
}
