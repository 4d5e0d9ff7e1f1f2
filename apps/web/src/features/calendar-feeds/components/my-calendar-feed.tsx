import type { TCalendarFeedAddress } from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { FEED_PAST_DAYS } from '@sala/shared/calendar-feeds/calendar-feed.rules';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { businessDate } from '@sala/shared/time/business-time';
import { CalendarPlus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import {
  useCreateMyCalendarFeed,
  useMyCalendarFeed,
  useRevokeMyCalendarFeed,
} from '../api/calendar-feeds-api';
import { FeedAddress } from './feed-address';

export const calendarFeedMessages = {
  created: 'Tu dirección de calendario está lista.',
  replaced: 'Listo: esta es tu nueva dirección. La anterior ya no funciona.',
  revoked: 'Desactivamos tu dirección de calendario.',
  replaceWarning:
    'La dirección anterior dejará de funcionar de inmediato; tendrás que agregar la nueva en tu calendario.',
  revokeWarning:
    'La dirección dejará de funcionar de inmediato y tu calendario ya no recibirá tus sesiones. Puedes crear otra cuando quieras.',
} as const;

/** A day as the profile writes it: 'jueves 3 de diciembre de 2026', in Mexico City. */
const dayOf = (iso: string) => formatCalendarDate(businessDate(new Date(iso)));

/**
 * "Agregar a mi calendario" in /perfil (issue 43): a private address that keeps the client's sessions in their
 * phone's calendar. The server keeps only a hash of it, so the address shows only in the answer that makes it, kept
 * here in the component; a lost one is replaced, never read back.
 */
export function MyCalendarFeedSection() {
  const feed = useMyCalendarFeed();
  const create = useCreateMyCalendarFeed();
  const revoke = useRevokeMyCalendarFeed();
  const [address, setAddress] = useState<TCalendarFeedAddress | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const active = address !== null || feed.data?.active === true;

  const makeAddress = async (success: string) => {
    const made = await reportFailure(() => create.mutateAsync(), commonMessages.genericError);
    setAddress(made);
    notify.success(success);
  };

  return (
    <section
      id="calendario"
      aria-labelledby="calendario-titulo"
      className="scroll-mt-24 space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div>
        <h2 id="calendario-titulo" className="font-display text-2xl font-semibold text-brand-800">
          Agregar a mi calendario
        </h2>
        <p className="mt-1 max-w-3xl text-sm leading-relaxed text-muted">
          Una dirección privada que mantiene tus sesiones al día en Google Calendar o en el Calendario de tu
          iPhone: las de los últimos {FEED_PAST_DAYS} días y todas las que vienen; las que se cancelan
          aparecen como canceladas. Cualquiera que tenga la dirección puede ver tus sesiones: no la compartas.
        </p>
      </div>
      {feed.isPending ? (
        <Spinner className="size-6 text-brand-500" />
      ) : address ? (
        <FeedAddress address={address} label="Tu dirección de calendario" />
      ) : feed.isError ? (
        // Never "Crear" when it is unknown whether an address exists: making one would replace it unasked.
        <p role="alert" className="text-sm text-red-700">
          {commonMessages.genericError}
        </p>
      ) : feed.data?.active ? (
        <p className="max-w-3xl text-sm">
          Tienes una dirección activa
          {feed.data.createdAt && ` desde el ${dayOf(feed.data.createdAt)}`}. Por seguridad solo la mostramos
          al crearla: si no la guardaste, cámbiala.
        </p>
      ) : (
        <Button
          loading={create.isPending}
          onClick={() => void makeAddress(calendarFeedMessages.created).catch(() => {})}
        >
          <CalendarPlus aria-hidden className="size-4" /> Crear mi dirección de calendario
        </Button>
      )}
      {active && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setConfirming('replace')}>
            <RefreshCw aria-hidden className="size-4" /> Cambiar la dirección
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="text-red-700"
            onClick={() => setConfirming('revoke')}
          >
            <Trash2 aria-hidden className="size-4" /> Desactivar
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming === 'replace'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Cambiar la dirección"
        description={calendarFeedMessages.replaceWarning}
        confirmLabel="Cambiar la dirección"
        onConfirm={() => makeAddress(calendarFeedMessages.replaced)}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Desactivar la dirección"
        description={calendarFeedMessages.revokeWarning}
        confirmLabel="Desactivar"
        tone="danger"
        onConfirm={async () => {
          await reportFailure(() => revoke.mutateAsync(), commonMessages.genericError);
          setAddress(null);
          notify.success(calendarFeedMessages.revoked);
        }}
      />
    </section>
  );
}
