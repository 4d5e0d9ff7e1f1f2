import { authMessages as m } from '@sala/shared/auth/auth.messages';
import type { TRegisterRequest } from '@sala/shared/auth/register.contract';
import { PHONE_MAX_TYPED } from '@sala/shared/common/phone';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { HydratedFieldset } from '../../../components/ui/hydrated-fieldset';
import { Button } from '../../../components/ui/link-button';
import { PrivacySummary } from '../../../components/ui/privacy-summary';
import { RefusalNote } from '../../../components/ui/refusal-note';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
import { requiredOnce } from '../../../lib/required-once';
import { useRegister } from '../api/auth-mutations';
import { sessionQuery } from '../api/get-session';

const registerResolver = lazyResolver<TRegisterRequest>(() =>
  import('./register-resolver').then((m) => m.registerResolver),
);

export function RegisterForm() {
  const registerAccount = useRegister();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TRegisterRequest>({ resolver: registerResolver });
  const summaryId = useId();
  const required = requiredOnce(errors, m.allFieldsRequired, summaryId);

  const onSubmit = handleSubmit((values) =>
    registerAccount.mutate(values, {
      onSuccess: () => {
        notify.success(m.registered);
        // Spec: after registering, the user is signed out and sent to the login page.
        writeStored(storageKeys.userDetails, null);
        queryClient.setQueryData(sessionQuery().queryKey, null);
        navigate('/registro/iniciar-sesion', { replace: true });
      },
      onError: (error) => {
        const shown = error instanceof ApiError && error.status < 500 ? error.message : m.somethingWentWrong;
        notify.error(shown);
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      {/* Prerendered: usable once React has hydrated the page (a native submit would put the fields in the URL). */}
      <HydratedFieldset className="min-w-0 space-y-4">
        <TextField
          label="Nombre completo"
          autoComplete="name"
          {...register('name')}
          {...required.field('name')}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...register('email')}
          {...required.field('email')}
        />
        <TextField
          label="Teléfono (10 dígitos)"
          type="tel"
          autoComplete="tel-national"
          maxLength={PHONE_MAX_TYPED}
          placeholder="55 1234 5678"
          {...register('phone')}
          {...required.field('phone')}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          {...register('password')}
          {...required.field('password')}
        />
        <TextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          {...register('passwordConfirmation')}
          {...required.field('passwordConfirmation')}
        />
        <div className="space-y-3">
          {/* The simplified notice, where the data are collected (LFPDPPP), with the way to the full one. */}
          <PrivacySummary />
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              {...register('acceptTerms')}
              aria-invalid={errors.acceptTerms ? true : undefined}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
            />
            Acepto los términos y condiciones y el aviso de privacidad.
          </label>
          {errors.acceptTerms && <p className="mt-1 text-sm text-red-600">{errors.acceptTerms.message}</p>}
        </div>
        <RefusalNote id={summaryId} role="alert" message={required.summary} />
        <Button type="submit" loading={registerAccount.isPending} className="w-full" size="lg">
          Crear cuenta
        </Button>
        <p className="text-center text-sm text-muted">
          ¿Ya tienes cuenta?{' '}
          <AppLink to="/registro/iniciar-sesion" className="font-semibold text-brand-700 hover:underline">
            Inicia sesión
          </AppLink>
        </p>
      </HydratedFieldset>
    </form>
  );
}
