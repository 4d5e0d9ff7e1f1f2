import { HeroBanner } from '../../components/ui/hero-banner';
import { RegisterPanel } from '../../features/auth/components/register-panel';
import { Island } from '../../islands/island';
import { PageMeta } from '../page-meta';

export default function RegisterPage() {
  return (
    <>
      <PageMeta path="/registro" />
      <HeroBanner image="hero" title="Crear cuenta" />
      <Island name="register">
        <RegisterPanel />
      </Island>
    </>
  );
}
