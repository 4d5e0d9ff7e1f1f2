import { HeroBanner } from '../../components/ui/hero-banner';

export default function RegisterPage() {
  return (
    <>
      <title>Crear cuenta · Sala Común</title>
      <HeroBanner image="/images/hero.svg" title="Crear cuenta" />
    </>
  );
}
