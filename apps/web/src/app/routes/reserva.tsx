import { HeroBanner } from '../../components/ui/hero-banner';
import { LinkButton } from '../../components/ui/link-button';
import { PageLoader } from '../../components/ui/spinner';
import { useSession } from '../../features/auth/api/get-session';

const steps = ['Zona', 'Sucursal', 'Día', 'Hora', 'Sala'];

export default function BookingPage() {
  const { user, isLoading } = useSession();
  return (
    <>
      <title>Reserva · Sala Común</title>
      <HeroBanner
        image="/images/carousel-1.svg"
        title="Reserva tu sala"
        subtitle="Cinco pasos y listo: tu consultorio te espera."
      />
      <section aria-labelledby="pasos-titulo" className="mx-auto max-w-4xl px-4 py-16">
        <h2 id="pasos-titulo" className="font-display text-3xl font-semibold text-brand-800">
          ¿Cómo reservar?
        </h2>
        <ol className="mt-6 grid gap-3 sm:grid-cols-5">
          {steps.map((step, index) => (
            <li key={step} className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
              <span className="mx-auto grid size-9 place-items-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <span className="mt-2 block font-semibold text-ink">{step}</span>
            </li>
          ))}
        </ol>
        <p className="mt-6 text-muted">
          Cada sesión dura una hora y cuesta créditos de tu saldo. Puedes cancelar sin costo hasta 24 horas
          antes.
        </p>
        <div className="mt-8">
          {isLoading ? (
            <PageLoader />
          ) : user ? (
            <LinkButton to="/comprar">Comprar más créditos</LinkButton>
          ) : (
            <LinkButton to="/registro/iniciar-sesion">Inicia sesión para reservar</LinkButton>
          )}
        </div>
      </section>
    </>
  );
}
