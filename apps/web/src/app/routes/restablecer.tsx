import { useSearchParams } from 'react-router';
import { HeroBanner } from '../../components/ui/hero-banner';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <>
      <title>Nueva contraseña · Sala Común</title>
      <HeroBanner image="hero" title="Nueva contraseña" />
      <AuthCard title="Elige una nueva contraseña">
        <ResetPasswordForm token={params.get('token') ?? ''} />
      </AuthCard>
    </>
  );
}
