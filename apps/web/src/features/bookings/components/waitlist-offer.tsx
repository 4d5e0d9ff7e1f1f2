import { bookingMessages } from '@sala/shared/bookings/bookings.messages';
import {
  possibleNotices,
  suggestedNotice,
  WAITLIST_DEFAULT_NOTICE,
  WAITLIST_NOTICE_OPTIONS,
} from '@sala/shared/bookings/waitlist';
import type { TWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { waitlistJoined, waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { BellRing, CircleCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { SelectField } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import { useSiteConfig } from '../../../lib/site-config';
import { useJoinWaitlist } from '../api/waitlist-api';
import { sessionHours } from '../booking-labels';
import { ChoiceGroup } from './choice-group';

const noticeOptions = (possible: readonly number[]) =>
  possible.map((hours) => ({ value: String(hours), label: `${hours} horas de anticipación` }));

/**
 * "Avísame si se libera" under the hours of a day with full ones (design §7, docs/decisions/019): the client picks a
 * full hour and whether the list may book it automatically (and with how much notice at least); a visitor is sent
 * to the login first. Loaded only when the day has a full hour.
 */
export default function WaitlistOffer({
  branchId,
  date,
  fullHours,
  signedIn,
  onLogin,
}: {
  branchId: string;
  date: string;
  /** The day's full hours, each with the instant it starts. */
  fullHours: { hour: string; startsAt: string }[];
  signedIn: boolean;
  onLogin: () => void;
}) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  const [hour, setHour] = useState<string | undefined>(
    fullHours.length === 1 ? fullHours[0]!.hour : undefined,
  );
  const [autoBook, setAutoBook] = useState(false);
  const [notice, setNotice] = useState(String(WAITLIST_DEFAULT_NOTICE));
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState<TWaitlistEntry | null>(null);
  const join = useJoinWaitlist();
  const chosenHour = fullHours.find((full) => full.hour === hour);
  const chosen = chosenHour?.hour;
  // Only the notices the chosen hour can still meet (the list never books closer than the notice): at 14:15, the
  // 16:00 of the same day allows none, and the client can only be told.
  const possible = chosenHour
    ? possibleNotices({ now: new Date(), startsAt: new Date(chosenHour.startsAt) })
    : [...WAITLIST_NOTICE_OPTIONS];
  const canAutoBook = possible.length > 0;
  const booksAutomatically = autoBook && canAutoBook;
  const minNoticeHours = possible.includes(Number(notice)) ? Number(notice) : suggestedNotice(possible);
  const { sendsEmail } = useSiteConfig();

  if (joined) {
    return (
      <div
        role="status"
        className="mt-4 flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200"
        data-testid="waitlist-joined"
      >
        <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          Estás en la lista de espera de las {joined.hour} (lugar {joined.position}).{' '}
          {joined.autoBook
            ? 'Si se libera una sala, te la reservamos.'
            : 'Si se libera una sala, te avisamos.'}{' '}
          <AppLink to="/perfil#listas-de-espera" className="font-semibold underline underline-offset-2">
            Ver mis listas de espera
          </AppLink>
        </p>
      </div>
    );
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-4 inline-flex min-h-10 items-center gap-2 rounded-lg px-1 text-sm font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        <BellRing aria-hidden className="size-4" />
        ¿Tu hora está llena? Avísame si se libera
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) {
      setProblem('Elige la hora que quieres esperar.');
      return;
    }
    if (!signedIn) {
      onLogin();
      return;
    }
    setProblem(null);
    try {
      const entry = await join.mutateAsync({
        branchId,
        date,
        hour: chosen,
        autoBook: booksAutomatically,
        ...(booksAutomatically && { minNoticeHours }),
      });
      // An e-mail is promised only where this site sends e-mail (issue 39).
      notify.success(waitlistJoined(booksAutomatically, sendsEmail));
      setJoined(entry);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : bookingMessages.loadFailed;
      setProblem(message);
      notify.error(message);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-labelledby={headingId}
      className="mt-4 space-y-3 rounded-xl bg-sand-50 p-4 ring-1 ring-sand-200"
      data-testid="waitlist-offer"
    >
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
          <BellRing aria-hidden className="size-4 text-brand-700" />
          Avísame si se libera
        </h3>
        <p className="mt-1 text-sm text-muted">
          Elige una hora llena: si alguien cancela, te escribimos, o te la reservamos con tus créditos si así
          lo quieres.
        </p>
      </div>
      <p id={`${headingId}-horas`} className="sr-only">
        Hora que quieres esperar
      </p>
      <ChoiceGroup
        labelledBy={`${headingId}-horas`}
        value={chosen}
        onChange={setHour}
        className="grid-cols-[repeat(auto-fill,minmax(6rem,1fr))]"
        options={fullHours.map((full) => ({
          value: full.hour,
          label: `Esperar las ${sessionHours(full.hour)}`,
          content: <span className="font-semibold tabular-nums">{full.hour}</span>,
        }))}
      />
      <label className={cx('flex items-start gap-2 text-sm', !canAutoBook && 'text-muted')}>
        <input
          type="checkbox"
          checked={booksAutomatically}
          disabled={!canAutoBook}
          onChange={(event) => setAutoBook(event.target.checked)}
          aria-describedby={`${headingId}-automatica`}
          className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700 disabled:cursor-not-allowed"
        />
        <span>
          Resérvamela automáticamente si se libera
          <span id={`${headingId}-automatica`} className="block text-xs text-muted">
            {canAutoBook
              ? 'Se descuentan los créditos de la sesión; puedes cancelarla como cualquier otra.'
              : waitlistMessages.tooSoonToBook}
          </span>
        </span>
      </label>
      {booksAutomatically && (
        <SelectField
          label="Solo si se libera con al menos"
          required
          options={noticeOptions(possible)}
          value={String(minNoticeHours)}
          onChange={setNotice}
          className="max-w-xs"
        />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={join.isPending}>
          Avísame
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={() => setOpen(false)}>
          Ahora no
        </Button>
      </div>
      {!signedIn && <p className="text-xs text-muted">Te pediremos iniciar sesión para apuntarte.</p>}
    </form>
  );
}
