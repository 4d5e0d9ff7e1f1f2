import { zodResolver } from '@hookform/resolvers/zod';
import { type TLoginRequest, ZLoginRequest } from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../api/auth-mutations';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { returnPath } from './redirect-if-logged-in';

export function LoginForm() {
  const login = useLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const [disabledOpen, setDisabledOpen] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLoginRequest>({ resolver: zodResolver(ZLoginRequest), defaultValues: { remember: false } });

  const onSubmit = handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => {
        notify.success(m.loggedIn);
        navigate(returnPath(location.state), { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields?.account === 'inactive') setDisabledOpen(true);
        else notify.error(error instanceof ApiError ? error.message : undefined);
      },
    }),
  );

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
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
        <Button type="submit" loading={login.isPending} className="w-full" size="lg">
          Ingresar
        </Button>
        <p className="text-center text-sm text-muted">
          ¿No tienes cuenta?{' '}
          <Link to="/registro" className="font-semibold text-brand-700 hover:underline">
            Regístrate
          </Link>
        </p>
      </form>

      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} />

      <Modal
        open={disabledOpen}
        onOpenChange={setDisabledOpen}
        title="Cuenta desactivada"
        showCloseButton={false}
        footer={<Button onClick={() => setDisabledOpen(false)}>Cerrar</Button>}
      >
        <p className="font-semibold text-ink">{m.accountDisabled}</p>
      </Modal>
    </>
  );
}
