import { formatCredits } from '@sala/shared/format/credits';
import { isBookableBranch } from '@sala/shared/locations/bookable';
import type { TPublicBranchInfo } from '@sala/shared/locations/branches.contract';
import { openingHours } from '@sala/shared/locations/schedule';
import { branchAnchor } from '@sala/shared/web/structured-data';
import { Clock, Coins, DoorOpen, MapPin, MessageCircle, Phone } from 'lucide-react';
import { type ReactNode, useDeferredValue, useEffect } from 'react';
import { cardGridColumns } from '../../../components/ui/card-grid';
import { AppLink } from '../../../lib/navigation';
import { usePublicBranches } from '../api/get-public-branches';
import { bookHereHref, formatPhone, telHref, whatsappHref } from '../branch-contact';

/** The id the footer, the 'Contacto' link and /contacto lead to. */
export const BRANCHES_SECTION_ID = 'sucursales';

const rooms = (count: number) => `${count} ${count === 1 ? 'sala' : 'salas'}`;

function Detail({ icon: Icon, term, children }: { icon: typeof Clock; term: string; children: ReactNode }) {
  // A <div> in a <dl> may hold only <dt> and <dd>: the icon sits inside the term.
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
        <Icon aria-hidden className="absolute top-0.5 left-0 size-5 text-brand-600" />
        {term}
      </dt>
      <dd className="mt-0.5 text-sm text-ink">{children}</dd>
    </div>
  );
}

const linkClass =
  'font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700';

/** What a branch with no active room says instead of its rooms (issue 39). */
const NO_ROOMS = 'Sin salas disponibles por ahora';

export function BranchCard({ branch }: { branch: TPublicBranchInfo }) {
  const titleId = `${branchAnchor(branch.id)}-titulo`;
  const bookable = isBookableBranch(branch);
  return (
    <article
      id={branchAnchor(branch.id)}
      aria-labelledby={titleId}
      data-testid="branch-card"
      className="flex scroll-mt-24 flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      {/* A name of one long word breaks inside it rather than widen the card past a phone's screen (decision 038). */}
      <p className="text-xs font-semibold tracking-widest wrap-anywhere text-sand-700 uppercase">
        {branch.cityName}
      </p>
      <h3 id={titleId} className="mt-1 font-display text-2xl font-semibold wrap-anywhere text-brand-800">
        {branch.name}
      </h3>
      {branch.description && <p className="mt-2 text-sm leading-relaxed text-muted">{branch.description}</p>}
      <dl className="mt-5 flex-1 space-y-4">
        <Detail icon={MapPin} term="Dirección">
          <span className="block">{branch.address}</span>
          {branch.mapUrl && (
            <a href={branch.mapUrl} target="_blank" rel="noreferrer noopener" className={linkClass}>
              Ver en el mapa{' '}
              <span className="sr-only">la sucursal {branch.name} (se abre en otra pestaña)</span>
            </a>
          )}
        </Detail>
        {branch.phone && (
          <Detail icon={Phone} term="Teléfono">
            <a href={telHref(branch.phone)} className={linkClass}>
              {formatPhone(branch.phone)}
            </a>
            {branch.whatsapp && (
              <>
                {' · '}
                <a
                  href={whatsappHref(branch.whatsapp)}
                  target="_blank"
                  rel="noreferrer noopener"
                  className={`${linkClass} inline-flex items-center gap-1`}
                >
                  <MessageCircle aria-hidden className="size-4" />
                  WhatsApp <span className="sr-only">de {branch.name}</span>
                </a>
              </>
            )}
          </Detail>
        )}
        <Detail icon={Clock} term="Horario de atención">
          <ul data-testid="branch-hours">
            {openingHours(branch.schedule).map(({ days, hours }) => (
              <li key={days} className="flex justify-between gap-4">
                <span>{days}</span>
                <span className="tabular-nums">{hours}</span>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail icon={Coins} term="Costo por sesión">
          <span data-testid="branch-cost">{formatCredits(branch.sessionCost)}</span>
        </Detail>
        <Detail icon={DoorOpen} term="Salas">
          {bookable ? rooms(branch.roomCount) : NO_ROOMS}
        </Detail>
      </dl>
      {bookable ? (
        <AppLink
          to={bookHereHref(branch)}
          className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white transition hover:bg-brand-800"
        >
          Reservar aquí <span className="sr-only">en {branch.name}</span>
        </AppLink>
      ) : (
        // Still listed (its address and phone are real), but nothing to book: no link into a wizard that hides it.
        <p
          data-testid="branch-unavailable"
          className="mt-6 rounded-lg bg-sand-50 px-4 py-2.5 text-center text-sm font-medium text-muted ring-1 ring-sand-200"
        >
          Por ahora no se puede reservar aquí
        </p>
      )}
    </article>
  );
}

/**
 * Sucursales (issue 14): where each branch is, how to reach it, when it opens, what a session costs and how many
 * rooms it has, with a link that opens the booking wizard there. The list loads after the page paints; its
 * space is kept meanwhile so nothing below it jumps.
 */
export function BranchesSection() {
  // The cards render as a transition when the list arrives (sliced, yielding to the browser; issue 25).
  const branches = useDeferredValue(usePublicBranches());
  // Opened as /#sucursales (the 'Contacto' link, /contacto): the router restores the top of a freshly loaded page,
  // so the section brings itself into view.
  // After the frame, so a menu that closed on the same tap has released the page's scroll first.
  useEffect(() => {
    if (window.location.hash !== `#${BRANCHES_SECTION_ID}`) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(BRANCHES_SECTION_ID)?.scrollIntoView({ behavior: 'instant' }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <section
      id={BRANCHES_SECTION_ID}
      aria-labelledby="sucursales-titulo"
      className="scroll-mt-16 bg-brand-50/60"
    >
      <div className="mx-auto max-w-6xl px-4 py-16">
        <p className="text-sm font-semibold tracking-widest text-sand-700 uppercase">Dónde estamos</p>
        <h2
          id="sucursales-titulo"
          className="mt-2 font-display text-3xl font-semibold text-brand-800 sm:text-4xl"
        >
          Sucursales
        </h2>
        <p className="mt-2 max-w-2xl text-muted">
          Dirección, horario y costo por sesión de cada sucursal. Elige una y reserva tu sala ahí.
        </p>
        <div className="mt-8 min-h-[36rem] sm:min-h-[30rem]">
          {branches.isPending ? (
            <p className="py-16 text-center text-muted" role="status">
              Cargando sucursales…
            </p>
          ) : branches.isError ? (
            <p className="py-16 text-center text-red-700" role="alert">
              No pudimos cargar las sucursales. Intenta de nuevo en un momento.
            </p>
          ) : branches.data.length === 0 ? (
            <p className="py-16 text-center text-muted">Pronto abriremos nuestra primera sucursal.</p>
          ) : (
            <div className={`grid gap-6 ${cardGridColumns(branches.data.length)}`}>
              {branches.data.map((branch) => (
                <BranchCard key={branch.id} branch={branch} />
              ))}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
