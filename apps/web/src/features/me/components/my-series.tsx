import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import type { TMySeries } from '@sala/shared/bookings/series.contract';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useCancelSeriesRest, useMySeries } from '../api/my-series';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "Martes 10:00 · Valle · Sala 2": how a client names a standing slot. */
export const seriesTitle = (series: TMySeries) =>
  `${capitalised(series.weekday)} ${series.hour} · ${series.branchName} · ${series.roomName}`;

/**
 * "Mis reservas fijas" in /perfil: each standing slot with sessions ahead, how many of its sessions stand, and
 * "Cancelar las que faltan" (the ones more than 24 hours away; one date is cancelled from the history below).
 * Nothing at all for a client without one.
 */
export function MySeries() {
  const series = useMySeries();
  const cancel = useCancelSeriesRest();
  const [cancelling, setCancelling] = useState<TMySeries | null>(null);
  if (!series.data?.length) return null;

  const confirmCancel = async () => {
    if (!cancelling) return;
    try {
      const done = await cancel.mutateAsync(cancelling.id);
      notify.success(bookingMessages.seriesCancelled(done.cancelled, done.refunded));
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : undefined);
      void series.refetch();
      throw error;
    }
  };

  return (
    <section id="reservas-fijas" aria-labelledby="reservas-fijas-titulo" className="scroll-mt-24">
      <h2 id="reservas-fijas-titulo" className="mb-4 font-display text-2xl font-semibold text-brand-800">
        Mis reservas fijas
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {series.data.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid="my-series"
          >
            <div className="flex items-start gap-3">
              <Repeat aria-hidden className="mt-1 size-5 shrink-0 text-brand-600" />
              <div className="min-w-0">
                <h3 className="font-semibold text-ink">{seriesTitle(item)}</h3>
                <p className="text-sm text-muted">
                  {item.everyWeeks === 1 ? 'Cada semana' : 'Cada dos semanas'} · {item.standing} de{' '}
                  {item.booked} sesiones
                  {item.nextDate && ` · la próxima: ${formatCalendarDate(item.nextDate)}`}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {item.cancellable > 0 ? (
                <Button
                  variant="secondary"
                  size="sm"
                  className="text-red-700"
                  onClick={() => setCancelling(item)}
                  aria-label={`Cancelar las que faltan de ${seriesTitle(item)}`}
                >
                  Cancelar las que faltan
                </Button>
              ) : (
                <span className="text-xs text-muted">{bookingMessages.seriesNothingToCancel}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancelar las que faltan"
        tone="danger"
        confirmLabel="Cancelar las sesiones"
        cancelLabel="Conservarlas"
        description={
          cancelling
            ? `Se cancelan ${cancelling.cancellable === 1 ? 'la sesión' : `las ${cancelling.cancellable} sesiones`} de ${seriesTitle(cancelling)} que empiezan en más de 24 horas, y sus créditos vuelven a tu cuenta${cancelling.standing > cancelling.cancellable ? '; las que empiezan antes se quedan' : ''}.`
            : ''
        }
        onConfirm={confirmCancel}
      />
    </section>
  );
}
