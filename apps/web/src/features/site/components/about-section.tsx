import { CalendarCheck, MapPin, Sofa } from 'lucide-react';
import { IllustrationImage } from '../../../components/ui/illustration-image';

const highlights = [
  {
    icon: Sofa,
    title: 'Salas listas para consulta',
    text: 'Mobiliario cómodo, aislamiento acústico, luz natural y climatización en cada sala.',
  },
  {
    icon: CalendarCheck,
    title: 'Reserva en línea',
    text: 'Elige zona, sucursal, día, hora y sala en minutos. Paga con créditos, sin contratos.',
  },
  {
    icon: MapPin,
    title: 'Tres sucursales',
    text: 'Valle y Polanco en Ciudad de México, y Providencia en Guadalajara.',
  },
];

export function AboutSection() {
  return (
    <section
      aria-labelledby="nosotros-titulo"
      className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 md:grid-cols-2"
    >
      <div>
        <p className="text-sm font-semibold tracking-widest text-sand-700 uppercase">Quiénes somos</p>
        <h2
          id="nosotros-titulo"
          className="mt-2 font-display text-3xl font-semibold text-brand-800 sm:text-4xl"
        >
          Un espacio profesional para tu consulta, sin rentar un consultorio completo
        </h2>
        <p className="mt-4 leading-relaxed text-muted">
          Sala Común nació para que psicólogos, terapeutas y profesionales de la salud atiendan a sus
          pacientes en un lugar cálido y privado, pagando solo las horas que usan. Tú te ocupas de tu
          práctica; nosotros de la recepción, la limpieza y los detalles.
        </p>
        <ul className="mt-8 space-y-5">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-ink">{title}</h3>
                <p className="text-sm text-muted">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <IllustrationImage
        name="about"
        // One of two columns from md (max-w-6xl, px-4, gap-10), the whole column on a phone.
        sizes="(min-width: 72rem) 34rem, (min-width: 48rem) calc(50vw - 2.25rem), calc(100vw - 2rem)"
        alt="Sala de espera de Sala Común con sillones y plantas"
        loading="lazy"
        className="w-full rounded-3xl shadow-lg"
      />
    </section>
  );
}
