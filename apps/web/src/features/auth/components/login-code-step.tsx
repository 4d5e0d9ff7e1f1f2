import type { TLoginDone } from '@sala/shared/auth/auth.contract';
import { TRUSTED_BROWSER_DAYS } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages as m } from '@sala/shared/auth/staff-security.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { ApiError } from '../../../lib/api-client';
import { useLoginCode } from '../api/auth-mutations';
import { readSecondFactor, SecondFactorField, type SecondFactorMode } from './second-factor-field';

/** The password step's login is over (its cookie expired, or was used): it starts again from the password. */
const stepExpired = (error: ApiError) =>
  error.fields?.step === 'password' || error.message === m.challengeExpired;

/**
 * The login's second step (issue 45), once the password was right and the account asks for a code: the app's six
 * digits or a recovery code, and whether to trust this browser. Loaded only by the logins that reach it.
 */
export default function LoginCodeStep({
  onDone,
  onRestart,
}: {
  onDone: (done: TLoginDone) => void;
  /** Back to the password: asked for ("Volver"), or the step expired (`why` says so under the form). */
  onRestart: (why?: string) => void;
}) {
  const loginCode = useLoginCode();
  const [mode, setMode] = useState<SecondFactorMode>('code');
  const [typed, setTyped] = useState('');
  const [trustBrowser, setTrustBrowser] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(undefined);
    const read = readSecondFactor(mode, typed);
    if ('error' in read) {
      setFieldError(read.error);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    loginCode.mutate(
      { ...read.proof, trustBrowser },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            setRefusal(commonMessages.genericError);
            return;
          }
          if (stepExpired(error)) {
            onRestart(error.message);
            return;
          }
          setRefusal(error.message);
          // A wrong code is typed again: the app shows a new one every 30 seconds.
          if (error.status === 401) setTyped('');
          inputRef.current?.focus();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="login-code-title" className="space-y-4">
      <div>
        <h3 id="login-code-title" className="text-lg font-semibold text-ink">
          Verificación en dos pasos
        </h3>
        <p className="mt-1 text-sm leading-relaxed text-muted">
          {mode === 'code'
            ? 'Escribe el código de 6 dígitos que muestra tu app de autenticación.'
            : 'Escribe uno de los códigos de recuperación que guardaste al activar la verificación. Cada uno sirve una sola vez.'}
        </p>
      </div>
      <SecondFactorField
        mode={mode}
        onModeChange={(next) => {
          setMode(next);
          setTyped('');
          setFieldError(undefined);
          setRefusal(undefined);
        }}
        value={typed}
        onValueChange={setTyped}
        error={fieldError}
        inputRef={inputRef}
        autoFocus
      />
      <div className="text-sm">
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            checked={trustBrowser}
            onChange={(event) => setTrustBrowser(event.target.checked)}
            aria-describedby="login-code-trust-hint"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
          />
          Confiar en este navegador durante {TRUSTED_BROWSER_DAYS} días
        </label>
        <p id="login-code-trust-hint" className="mt-1 pl-6 text-xs text-muted">
          No lo marques en una computadora compartida.
        </p>
      </div>
      <RefusalNote role="alert" message={refusal} />
      <Button type="submit" loading={loginCode.isPending} className="w-full" size="lg">
        Verificar
      </Button>
      <Button variant="ghost" className="w-full" disabled={loginCode.isPending} onClick={() => onRestart()}>
        Volver
      </Button>
    </form>
  );
}
