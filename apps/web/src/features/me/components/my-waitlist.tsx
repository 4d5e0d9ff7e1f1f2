import { possibleNotices } from '@sala/shared/bookings/waitlist';
import type { TWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { waitingNote, waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { Hourglass } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/link-button';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { useSiteConfig } from '../../../lib/site-config';
import { useLeaveWaitlist, useMyWaitlist } from '../../bookings/api/waitlist-api';

/** "miércoles 9 de enero de 2030, 10:00 · Valle": the hour a client waits for. */
export const waitedHour = (entry: TWaitlistEntry) =>
  `${formatCalendarDate(entry.date)}, ${entry.hour} · ${entry.branchName}`;

/** Automatic booking still possible: the hour is at least the entry's notice ahead (else the list only tells). */
const booksAutomatically = (entry: TWaitlistEntry) =>
  entry.autoBook &&
  possibleNotices({ now: new Date(), startsAt: new Date(entry.startsAt) }).includes(entry.minNoticeHours);

/**
 * "Mis listas de espera" in /perfil (design §7): each full hour the client waits for, its place in line, what the
 * list does when a room frees up, and "Salir de la lista". Nothing at all for a client who waits for none.
 */
export function MyWaitlist() {
  const entries = useMyWaitlist();
  const leave = useLeaveWaitlist();
  const { sendsEmail } = useSiteConfig();
  const shown = Boolean(entries.data?.length);
  // Reached from the wizard's "Ver mis listas de espera": the section appears once its data are in.
  useEffect(() => {
    if (shown && window.location.hash === '#listas-de-espera') {
      document.getElementById('listas-de-espera')?.scrollIntoView?.();
    }
  }, [shown]);
  if (!entries.data?.length) return null;

  const leaveLine = async (entry: TWaitlistEntry) => {
    try {
      await leave.mutateAsync(entry.id);
      notify.success(waitlistMessages.left);
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : undefined);
    }
  };

  return (
    <section id="listas-de-espera" aria-labelledby="listas-de-espera-titulo" className="scroll-mt-24">
      <h2 id="listas-de-espera-titulo" className="mb-4 font-display text-2xl font-semibold text-brand-800">
        Mis listas de espera
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {entries.data.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid="my-waitlist"
          >
            <div className="flex items-start gap-3">
              <Hourglass aria-hidden className="mt-1 size-5 shrink-0 text-amber-700" />
              <div className="min-w-0">
                <h3 className="font-semibold text-ink first-letter:uppercase">{waitedHour(entry)}</h3>
                <p className="text-sm text-muted">
                  Lugar {entry.position} en la lista ·{' '}
                  {booksAutomatically(entry)
                    ? `te la reservamos si se libera con ${entry.minNoticeHours} horas de anticipación o más`
                    : waitingNote(sendsEmail)}
                  {entry.autoBook &&
                    !booksAutomatically(entry) &&
                    ` (faltan menos de ${entry.minNoticeHours} horas: ya no alcanzamos a reservártela)`}
                </p>
              </div>
            </div>
            <div>
              <Button
                variant="secondary"
                size="sm"
                loading={leave.isPending && leave.variables === entry.id}
                onClick={() => void leaveLine(entry)}
                aria-label={`Salir de la lista de espera del ${waitedHour(entry)}`}
              >
                Salir de la lista
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
