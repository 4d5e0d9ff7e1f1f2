import type { TLoginDone } from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import type { TLoginRequest } from '@sala/shared/auth/login.contract';
import { staffSecurityMessages } from '@sala/shared/auth/staff-security.messages';
import { commonMessages } from '@sala/shared/errors/messages';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { HydratedFieldset } from '../../../components/ui/hydrated-fieldset';
import { Button } from '../../../components/ui/link-button';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { AppLink, useNavigation } from '../../../lib/navigation';
import { isLoginDone, useLogin } from '../api/auth-mutations';
import { SECURITY_PATH } from '../api/login-return';
import { returnPath } from './redirect-if-logged-in';

// The two dialogs (and the dialog library under them) load the first time one opens: the login page paints and
// becomes interactive without them.
const LoginDialogs = lazy(() => import('./login-dialogs'));
const loginResolver = lazyResolver<TLoginRequest>(() =>
  import('./login-resolver').then((m) => m.loginResolver),
);
// The second step (issue 45) loads only for the accounts that have one.
const LoginCodeStep = lazy(() => import('./login-code-step'));

export function LoginForm() {
  const login = useLogin();
  const { navigate, location } = useNavigation();
  const [disabledOpen, setDisabledOpen] = useState(false);
  // A notice or terms this person has not accepted: asked before going on (docs/decisions/018).
  const [consentOpen, setConsentOpen] = useState(false);
  // The password was right and the account asks for its second factor (issue 45).
  const [codeStep, setCodeStep] = useState(false);
  // Once in: the account must turn the second factor on before the staff screens (said after the notice, if any).
  const [mustEnrol, setMustEnrol] = useState(false);
  // Why the API refused the login: said once, under the form (it stays while the person corrects it).
  const [refusal, setRefusal] = useState<string>();
  const [forgotOpen, setForgotOpen] = useState(false);
  // Once loaded, the dialogs stay mounted so they can animate closed.
  const [dialogsLoaded, setDialogsLoaded] = useState(false);
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<TLoginRequest>({ resolver: loginResolver, defaultValues: { remember: false } });

  const goOn = (enrol: boolean) => {
    notify.success(m.loggedIn);
    if (enrol) {
      notify.warning(staffSecurityMessages.enrolFirst);
      navigate(SECURITY_PATH, { replace: true });
    } else navigate(returnPath(location.state), { replace: true });
  };

  const finish = ({ consentNeeded, mustEnrolTwoFactor }: TLoginDone) => {
    setMustEnrol(mustEnrolTwoFactor);
    if (consentNeeded) setConsentOpen(true);
    else goOn(mustEnrolTwoFactor);
  };

  const onSubmit = handleSubmit((values) => {
    setRefusal(undefined);
    login.mutate(values, {
      onSuccess: (response) => {
        if (isLoginDone(response)) finish(response);
        else setCodeStep(true);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.account === 'inactive') setDisabledOpen(true);
        else setRefusal(error instanceof ApiError ? error.message : commonMessages.genericError);
      },
    });
  });

  return (
    <>
      {codeStep ? (
        <Suspense fallback={<Spinner className="mx-auto size-6 text-brand-500" />}>
          <LoginCodeStep
            onDone={finish}
            onRestart={(why) => {
              // The password is asked again: the first step's answer is over.
              resetField('password');
              setRefusal(why);
              setCodeStep(false);
            }}
          />
        </Suspense>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {/* Prerendered: usable once React has hydrated the page (a native submit would put the fields in the URL). */}
          <HydratedFieldset className="min-w-0 space-y-4">
            <TextField
              label="Correo electrónico"
              type="email"
              autoComplete="email"
              {...register('email')}
              error={errors.email?.message}
            />
            <TextField
              label="Contraseña"
              type="password"
              autoComplete="current-password"
              {...register('password')}
              error={errors.password?.message}
            />
            <div className="flex items-center justify-between gap-3 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  {...register('remember')}
                  className="size-4 rounded border-slate-300 accent-brand-700"
                />
                Recordarme
              </label>
              <button
                type="button"
                onClick={() => setForgotOpen(true)}
                className="font-medium text-brand-700 hover:underline"
              >
                ¿Olvidaste tu contraseña?
              </button>
            </div>
            <RefusalNote role="alert" message={refusal} />
            <Button type="submit" loading={login.isPending} className="w-full" size="lg">
              Ingresar
            </Button>
            <p className="text-center text-sm text-muted">
              ¿No tienes cuenta?{' '}
              <AppLink to="/registro" className="font-semibold text-brand-700 hover:underline">
                Regístrate
              </AppLink>
            </p>
          </HydratedFieldset>
        </form>
      )}

      {(forgotOpen || disabledOpen || consentOpen || dialogsLoaded) && (
        <Suspense fallback={null}>
          <LoginDialogs
            forgotOpen={forgotOpen}
            onForgotOpenChange={setForgotOpen}
            disabledOpen={disabledOpen}
            onDisabledOpenChange={setDisabledOpen}
            consentOpen={consentOpen}
            onConsentDone={(accepted) => {
              setConsentOpen(false);
              if (accepted) goOn(mustEnrol);
            }}
            onLoaded={() => setDialogsLoaded(true)}
          />
        </Suspense>
      )}
    </>
  );
}
