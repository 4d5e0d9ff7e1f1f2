import { zodResolver } from '@hookform/resolvers/zod';
import { type TResetPasswordRequest, ZResetPasswordRequest } from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useResetPassword } from '../api/auth-mutations';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { token },
  });

  const onSubmit = handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => {
        notify.success(m.passwordChanged);
        navigate('/registro/iniciar-sesion', { replace: true });
      },
      onError: (error) =>
        notify.error(error instanceof ApiError && error.status < 500 ? error.message : m.somethingWentWrong),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {errors.token && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">{errors.token.message}</p>
      )}
      <TextField
        label="Nueva contraseña"
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={errors.password?.message}
      />
      <TextField
        label="Confirmar nueva contraseña"
        type="password"
        autoComplete="new-password"
        {...register('passwordConfirmation')}
        error={errors.passwordConfirmation?.message}
      />
      <Button type="submit" loading={reset.isPending} className="w-full" size="lg">
        Guardar contraseña
      </Button>
    </form>
  );
}
