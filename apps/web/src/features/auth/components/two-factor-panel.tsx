import type { TTwoFactorSetup, TTwoFactorStatus } from '@sala/shared/auth/staff-security.contract';
import { ZTwoFactorConfirmRequest } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatDate } from '@sala/shared/format/date-time';
import { KeyRound, ShieldCheck, ShieldOff, TriangleAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { Spinner } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/status-badge';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { saveErrorMessage } from '../../../lib/form-errors';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useNewRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '../api/two-factor-api';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { SecondFactorProofDialog } from './second-factor-proof-dialog';

export const twoFactorMessages = {
  enabled: 'Listo: la verificación en dos pasos está activa.',
  disabled: 'Desactivamos la verificación en dos pasos.',
  newCodes: 'Estos son tus códigos nuevos: los anteriores ya no funcionan.',
  required:
    'Tu cuenta de administración necesita la verificación en dos pasos: actívala para entrar a la administración.',
  newCodesWarning: 'Los códigos de recuperación que tienes dejarán de funcionar.',
  disableWarning:
    'Al iniciar sesión ya no te pediremos un código: tu cuenta quedará protegida solo por tu contraseña.',
  disableRequired:
    'Tu cuenta necesita la verificación en dos pasos: sin ella no podrás entrar a la administración.',
} as const;

/** 'JBSW Y3DP EHPK 3PXP': the secret in groups of four, easier to type into the app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

const recoveryLeft = (left: number) =>
  `Códigos de recuperación: ${left} ${left === 1 ? 'restante' : 'restantes'}`;

/**
 * "Verificación en dos pasos" in Mi perfil → Seguridad (issue 45): whether it is on, turning it on with the
 * authenticator app (QR image, or the secret typed by hand, then a first code), the recovery codes, turning it off.
 */
export function TwoFactorPanel({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const setup = useStartTwoFactorSetup();
  const newCodes = useNewRecoveryCodes();
  const disable = useDisableTwoFactor();
  // The codes just made: shown once, in the dialog, until "Ya los guardé".
  const [codes, setCodes] = useState<string[] | null>(null);
  const [asking, setAsking] = useState<'new-codes' | 'disable' | null>(null);
  // The secret being set up, until confirmed or cancelled (the server does not show it again).
  const [pending, setPending] = useState<TTwoFactorSetup | null>(null);

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: setPending,
      onError: (error) => notify.error(saveErrorMessage(error, commonMessages.genericError)),
    });

  return (
    <section aria-labelledby="dos-pasos-titulo" className="space-y-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 id="dos-pasos-titulo" className="text-lg font-semibold text-ink">
          Verificación en dos pasos
        </h3>
        {status.data && <TwoFactorBadge status={status.data} />}
      </div>
      <p className="max-w-3xl text-sm leading-relaxed text-muted">
        Además de tu contraseña, al iniciar sesión te pediremos un código de 6 dígitos de una app de
        autenticación en tu teléfono (Google Authenticator, Microsoft Authenticator, 1Password u otra). Así,
        nadie entra a tu cuenta solo con tu contraseña.
      </p>
      {status.isPending ? (
        <Spinner className="size-6 text-brand-500" />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {commonMessages.genericError}
        </p>
      ) : status.data.enabled ? (
        <div className="space-y-3">
          <p className="flex items-center gap-2 text-sm text-ink">
            <KeyRound aria-hidden className="size-4 shrink-0 text-brand-500" />
            {recoveryLeft(status.data.recoveryCodesLeft)}
          </p>
          {status.data.recoveryCodesLeft <= 3 && (
            <p className="text-sm font-medium text-amber-800">
              Te quedan pocos: genera códigos nuevos y guárdalos.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setAsking('new-codes')}>
              <KeyRound aria-hidden className="size-4" /> Generar códigos nuevos
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="text-red-700"
              onClick={() => setAsking('disable')}
            >
              <ShieldOff aria-hidden className="size-4" /> Desactivar
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          {status.data.required && (
            <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
              {twoFactorMessages.required}
            </p>
          )}
          {pending ? (
            <EnrolSteps
              setup={pending}
              onCancel={() => setPending(null)}
              onEnabled={(recoveryCodes) => {
                setPending(null);
                setCodes(recoveryCodes);
                notify.success(twoFactorMessages.enabled);
              }}
              onRestart={(why) => {
                notify.warning(why);
                setPending(null);
                start();
              }}
            />
          ) : (
            <Button loading={setup.isPending} onClick={start}>
              <ShieldCheck aria-hidden className="size-4" /> Activar
            </Button>
          )}
        </div>
      )}

      <SecondFactorProofDialog
        open={asking === 'new-codes'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Generar códigos nuevos"
        description={`${twoFactorMessages.newCodesWarning} Para continuar, escribe el código de tu app.`}
        confirmLabel="Generar códigos"
        onProof={async (proof) => {
          const made = await newCodes.mutateAsync(proof);
          setCodes(made.recoveryCodes);
          notify.success(twoFactorMessages.newCodes);
        }}
      />
      <SecondFactorProofDialog
        open={asking === 'disable'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Desactivar la verificación en dos pasos"
        description={
          <>
            {twoFactorMessages.disableWarning}
            {status.data?.required && ` ${twoFactorMessages.disableRequired}`} Para continuar, escribe el
            código de tu app o un código de recuperación.
          </>
        }
        confirmLabel="Desactivar"
        tone="danger"
        onProof={async (proof) => {
          await disable.mutateAsync(proof);
          notify.success(twoFactorMessages.disabled);
        }}
      />
      <RecoveryCodesDialog codes={codes} email={email} onClose={() => setCodes(null)} />
    </section>
  );
}

function TwoFactorBadge({ status }: { status: TTwoFactorStatus }) {
  if (!status.enabled) return <Badge tone={status.required ? 'warning' : 'neutral'}>Inactiva</Badge>;
  return (
    <Badge tone="success" state="enabled">
      {status.enabledAt ? `Activa desde el ${formatDate(status.enabledAt)}` : 'Activa'}
    </Badge>
  );
}

/** Turning it on: the app reads the QR image (or the secret typed by hand), then its first code confirms. */
function EnrolSteps({
  setup,
  onCancel,
  onEnabled,
  onRestart,
}: {
  setup: TTwoFactorSetup;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
  /** The secret is no longer valid on the server (`why`): a new one is asked for. */
  onRestart: (why: string) => void;
}) {
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const parsed = ZTwoFactorConfirmRequest.safeParse({ code });
    if (!parsed.success) {
      setError(code.trim() === '' ? sm.codeRequired : (parsed.error.issues[0]?.message ?? sm.codeFormat));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    confirm.mutate(parsed.data, {
      onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.message === sm.setupFirst) {
          onRestart(failure.message);
          return;
        }
        // A wrong code is said under the field, and typed again: the app shows a new one every 30 seconds.
        const wrongCode = failure instanceof ApiError ? failure.fields?.code : undefined;
        if (wrongCode) {
          setCode('');
          setError(wrongCode);
        } else setRefusal(saveErrorMessage(failure, commonMessages.genericError));
        inputRef.current?.focus();
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Activar la verificación en dos pasos"
      className="grid gap-6 rounded-xl bg-sand-50 p-4 ring-1 ring-slate-200 sm:p-6 md:grid-cols-[auto_1fr]"
    >
      <div className="space-y-2">
        <p className="text-sm font-semibold text-ink">1. Escanea este código con tu app de autenticación</p>
        <img
          src={setup.qrDataUrl}
          alt="Código QR para tu app de autenticación"
          width={192}
          height={192}
          className="mx-auto size-48 rounded-lg bg-white p-2 ring-1 ring-slate-200 md:mx-0"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <div className="space-y-1">
          <p className="text-sm text-ink">¿No puedes escanearlo? Escribe esta clave en la app:</p>
          <p
            data-testid="two-factor-secret"
            className="rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider break-words text-ink ring-1 ring-slate-200 select-all"
          >
            {groupedSecret(setup.secret)}
          </p>
        </div>
        <div className="space-y-3">
          <p className="text-sm font-semibold text-ink">
            2. Escribe el código de 6 dígitos que muestra la app
          </p>
          <TextField
            ref={inputRef}
            label="Código de 6 dígitos"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={9}
            placeholder="123456"
            containerClassName="max-w-56"
            className="font-mono text-lg tracking-[0.3em]"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <RefusalNote role="alert" message={refusal} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={confirm.isPending}>
              Confirmar
            </Button>
            <Button variant="secondary" disabled={confirm.isPending} onClick={onCancel}>
              Cancelar
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
