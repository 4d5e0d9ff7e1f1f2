import { authMessages as m } from '@sala/shared/auth/auth.messages';
import type { TRegisterRequest } from '@sala/shared/auth/register.contract';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { HydratedFieldset } from '../../../components/ui/hydrated-fieldset';
import { Button } from '../../../components/ui/link-button';
import { PrivacySummary } from '../../../components/ui/privacy-summary';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { storageKeys, writeStored } from '../../../lib/local-store';
import { AppLink, useAppNavigate } from '../../../lib/navigation';
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
          error={errors.name?.message}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Teléfono (10 dígitos)"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          {...register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          label="Contraseña"
          type="password"
          autoComplete="new-password"
          {...register('password')}
          error={errors.password?.message}
        />
        <TextField
          label="Confirmar contraseña"
          type="password"
          autoComplete="new-password"
          {...register('passwordConfirmation')}
          error={errors.passwordConfirmation?.message}
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
