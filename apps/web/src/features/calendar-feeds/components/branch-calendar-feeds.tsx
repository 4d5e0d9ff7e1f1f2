import type {
  TBranchCalendarFeeds,
  TCalendarFeedAddress,
} from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { commonMessages } from '@sala/shared/errors/messages';
import { formatDate } from '@sala/shared/format/date-time';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Button } from '../../../components/ui/link-button';
import { PageLoader } from '../../../components/ui/spinner';
import { Badge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toast';
import { reportFailure } from '../../../lib/form-errors';
import {
  useBranchCalendarFeeds,
  useCreateBranchCalendarFeed,
  useRevokeBranchCalendarFeed,
} from '../api/calendar-feeds-api';
import { FeedAddress } from './feed-address';

type BranchFeed = TBranchCalendarFeeds['items'][number];

const branchFeedMessages = {
  created: (branch: string) => `La dirección del calendario de ${branch} está lista.`,
  replaced: (branch: string) =>
    `Listo: esta es la nueva dirección del calendario de ${branch}. La anterior ya no funciona.`,
  revoked: (branch: string) => `Revocamos la dirección del calendario de ${branch}.`,
} as const;

const branchLabel = (feed: BranchFeed) => `${feed.branchName} (${feed.cityName})`;

/**
 * "Calendario del personal" (issue 43, super admin): one private address per branch with every session of that
 * branch, for the front desk's calendar. Each address shows once, when made; a lost or leaked one is replaced or
 * revoked here.
 */
export function BranchCalendarFeeds() {
  const feeds = useBranchCalendarFeeds();
  const create = useCreateBranchCalendarFeed();
  const revoke = useRevokeBranchCalendarFeed();
  const [shown, setShown] = useState<{ feed: BranchFeed; address: TCalendarFeedAddress } | null>(null);
  const [confirming, setConfirming] = useState<{ feed: BranchFeed; action: 'replace' | 'revoke' } | null>(
    null,
  );

  const makeAddress = async (feed: BranchFeed) => {
    const address = await reportFailure(() => create.mutateAsync(feed.branchId), commonMessages.genericError);
    setShown({ feed, address });
    notify.success(
      (feed.active ? branchFeedMessages.replaced : branchFeedMessages.created)(branchLabel(feed)),
    );
  };

  return (
    <section aria-labelledby="calendario-personal" className="space-y-4">
      <div>
        <h2 id="calendario-personal" className="font-display text-2xl font-semibold text-brand-800">
          Calendario del personal
        </h2>
        <p className="mt-1 max-w-3xl text-sm leading-relaxed text-muted">
          Una dirección privada por sucursal con todas sus sesiones (consultorio, hora y solo el nombre de
          pila del cliente), para verlas en Google Calendar o en el Calendario del iPhone de la recepción.
          Cualquiera que tenga la dirección puede leerla: si se comparte con quien no debe, cámbiala o
          revócala aquí.
        </p>
      </div>
      {feeds.isPending ? (
        <PageLoader />
      ) : (
        // A list, not a table: a few branches, each with its state and actions, that read the same on a phone (and the
        // page's own table, Consultorios, stays the only table on it).
        <ul
          aria-label="Calendario del personal por sucursal"
          className="divide-y divide-slate-100 rounded-2xl bg-white text-sm shadow-sm ring-1 ring-slate-200"
        >
          {(feeds.data?.items ?? []).map((feed) => (
            <li key={feed.branchId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <p className="font-medium text-ink">
                  {feed.branchName} <span className="font-normal text-muted">({feed.cityName})</span>
                </p>
                {feed.active ? (
                  <Badge tone="success" state="active">
                    {feed.createdAt ? `Activo desde el ${formatDate(feed.createdAt)}` : 'Activo'}
                  </Badge>
                ) : (
                  <Badge tone="neutral" state="none">
                    Sin dirección
                  </Badge>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {feed.active ? (
                  <>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Cambiar dirección de ${branchLabel(feed)}`}
                      onClick={() => setConfirming({ feed, action: 'replace' })}
                    >
                      Cambiar dirección
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      className="text-red-700"
                      aria-label={`Revocar la dirección de ${branchLabel(feed)}`}
                      onClick={() => setConfirming({ feed, action: 'revoke' })}
                    >
                      Revocar
                    </Button>
                  </>
                ) : (
                  <Button
                    size="sm"
                    disabled={create.isPending}
                    aria-label={`Crear dirección de ${branchLabel(feed)}`}
                    onClick={() => void makeAddress(feed).catch(() => {})}
                  >
                    Crear dirección
                  </Button>
                )}
              </div>
            </li>
          ))}
          {feeds.data?.items.length === 0 && <li className="px-4 py-3 text-muted">No hay sucursales.</li>}
        </ul>
      )}
      {shown && (
        <div className="space-y-2">
          <FeedAddress
            address={shown.address}
            label={`Dirección del calendario de ${branchLabel(shown.feed)}`}
          />
          <Button variant="secondary" size="sm" onClick={() => setShown(null)}>
            Ya la guardé
          </Button>
        </div>
      )}
      {confirming?.action === 'replace' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={`Cambiar la dirección de ${branchLabel(confirming.feed)}`}
          description="La dirección anterior dejará de funcionar de inmediato: quien la tenga en su calendario tendrá que agregar la nueva."
          confirmLabel="Cambiar dirección"
          onConfirm={() => makeAddress(confirming.feed)}
        />
      )}
      {confirming?.action === 'revoke' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={`Revocar la dirección de ${branchLabel(confirming.feed)}`}
          description="La dirección dejará de funcionar de inmediato y los calendarios suscritos a ella ya no recibirán las sesiones de la sucursal. Puedes crear otra cuando quieras."
          confirmLabel="Revocar"
          tone="danger"
          onConfirm={async () => {
            const { feed } = confirming;
            await reportFailure(() => revoke.mutateAsync(feed.branchId), commonMessages.genericError);
            if (shown?.feed.branchId === feed.branchId) setShown(null);
            notify.success(branchFeedMessages.revoked(branchLabel(feed)));
          }}
        />
      )}
    </section>
  );
}
