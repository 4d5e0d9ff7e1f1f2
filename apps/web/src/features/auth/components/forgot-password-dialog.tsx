import { zodResolver } from '@hookform/resolvers/zod';
import { type TForgotPasswordRequest, ZForgotPasswordRequest } from '@sala/shared/auth/auth.contract';
import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { passwordResetMessages } from '@sala/shared/auth/password-reset.messages';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useSiteConfig } from '../../../lib/site-config';
import { useForgotPassword } from '../api/auth-mutations';

export function ForgotPasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const forgot = useForgotPassword();
  // Without a mail server the link waits in Correos: the dialog says so before it is sent, and how to reach the
  // reception, who can read it there (issue 39).
  const site = useSiteConfig();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TForgotPasswordRequest>({ resolver: zodResolver(ZForgotPasswordRequest) });

  const onSubmit = handleSubmit((values) =>
    forgot.mutate(values, {
      // The server says what happened: sent, or kept because this site sends no e-mail.
      onSuccess: ({ message }) => {
        if (message === m.resetSent) notify.success(message);
        else notify.warning(message);
        reset();
        onOpenChange(false);
      },
      onError: (error) => {
        const known =
          error instanceof ApiError &&
          ['not-found', 'invalid-argument', 'resource-exhausted'].includes(error.code);
        notify.error(known ? error.message : m.somethingWentWrong);
      },
    }),
  );

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Recuperar contraseña"
      description={
        site.sendsEmail
          ? 'Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una nueva contraseña.'
          : passwordResetMessages.resetWillNotArrive(site)
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          {...register('email')}
          error={errors.email?.message}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={forgot.isPending}>
            {site.sendsEmail ? 'Enviar enlace' : 'Solicitar enlace'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
