import { HeroBanner } from '../../components/ui/hero-banner';
import { IllustrationImage } from '../../components/ui/illustration-image';
import { team } from '../../features/site/team';
import { PageMeta } from '../page-meta';

export default function TeamPage() {
  return (
    <>
      <PageMeta path="/equipo" />
      <HeroBanner
        image="carousel-4"
        title="Nuestro equipo"
        subtitle="Personas que cuidan tu espacio de trabajo."
      />
      <section aria-label="Integrantes del equipo" className="mx-auto max-w-6xl px-4 py-16">
        <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((member) => (
            <li
              key={member.name}
              className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
            >
              <IllustrationImage
                name={member.image}
                sizes="9rem"
                alt={`Retrato de ${member.name}`}
                loading="lazy"
                className="mx-auto size-36 rounded-full"
              />
              <h2 className="mt-4 font-display text-xl font-semibold text-brand-800">{member.name}</h2>
              <p className="text-sm font-semibold text-sand-700">{member.role}</p>
              <p className="mt-3 text-sm leading-relaxed text-muted">{member.bio}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
