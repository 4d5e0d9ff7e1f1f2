import type { TCalendarFeedAddress } from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { CalendarPlus } from 'lucide-react';
import { useId } from 'react';
import { CopyField } from '../../../components/ui/copy-field';

export const ADDRESS_COPIED = 'Dirección copiada';

/**
 * A calendar address just made (issue 43): the https one to copy (Google Calendar's "Desde URL"), a link that opens
 * it in the calendar app of an iPhone or a Mac (webcal://), and the steps of each. Shown once: the server keeps only
 * its hash, so whoever lost it makes a new one.
 */
export function FeedAddress({ address, label }: { address: TCalendarFeedAddress; label: string }) {
  const stepsId = useId();
  return (
    <div className="space-y-4 rounded-xl bg-sand-50 p-4 ring-1 ring-slate-200">
      <CopyField
        label={label}
        value={address.url}
        copyLabel="Copiar dirección"
        copiedMessage={ADDRESS_COPIED}
      />
      <p className="text-sm font-medium text-amber-900">
        Guárdala ahora: por seguridad no la volveremos a mostrar.
      </p>
      <a
        href={address.webcalUrl}
        className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white no-underline transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 active:bg-brand-900"
      >
        <CalendarPlus aria-hidden className="size-4" /> Abrir en mi calendario
      </a>
      <div className="grid gap-4 text-sm leading-relaxed sm:grid-cols-2">
        <div>
          <h3 id={`${stepsId}-google`} className="font-semibold text-ink">
            Google Calendar (en computadora)
          </h3>
          <ol aria-labelledby={`${stepsId}-google`} className="mt-1 list-decimal space-y-1 pl-5 text-muted">
            <li>
              Abre Google Calendar y, junto a <strong className="text-ink">Otros calendarios</strong>, haz
              clic en <strong className="text-ink">+</strong>.
            </li>
            <li>
              Elige <strong className="text-ink">Desde URL</strong> y pega la dirección.
            </li>
            <li>
              Haz clic en <strong className="text-ink">Agregar calendario</strong>. Aparece también en la app
              de Google Calendar de tu teléfono.
            </li>
          </ol>
        </div>
        <div>
          <h3 id={`${stepsId}-iphone`} className="font-semibold text-ink">
            iPhone
          </h3>
          {/* Two ways to the same subscription: either one, not steps in a row. */}
          <ul aria-labelledby={`${stepsId}-iphone`} className="mt-1 list-disc space-y-1 pl-5 text-muted">
            <li>
              Desde el iPhone, toca <strong className="text-ink">Abrir en mi calendario</strong> y luego{' '}
              <strong className="text-ink">Suscribirse</strong>.
            </li>
            <li>
              O ve a{' '}
              <strong className="text-ink">
                Ajustes → Calendario → Cuentas → Agregar cuenta → Otra → Agregar calendario suscrito
              </strong>
              , pega la dirección y toca <strong className="text-ink">Siguiente</strong>.
            </li>
          </ul>
        </div>
      </div>
      <p className="text-xs text-muted">
        Tu calendario revisa la dirección por su cuenta cada cierto tiempo: un cambio puede tardar unas horas
        en aparecer.
      </p>
    </div>
  );
}
