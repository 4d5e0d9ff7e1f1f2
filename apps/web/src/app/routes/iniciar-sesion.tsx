import { HeroBanner } from '../../components/ui/hero-banner';

export default function LoginPage() {
  return (
    <>
      <title>Iniciar sesión · Sala Común</title>
      <HeroBanner image="/images/hero.svg" title="Iniciar sesión" />
    </>
  );
}
