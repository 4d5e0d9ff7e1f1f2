import type { TDrawer } from '@sala/shared/cash-drawer/drawer.contract';
import { differenceLabels, drawerMessages as m } from '@sala/shared/cash-drawer/drawer.messages';
import { drawerDifference } from '@sala/shared/cash-drawer/drawer.rules';
import { formatMoney } from '@sala/shared/format/money';
import { businessTime } from '@sala/shared/time/business-time';
import { Lock, LockOpen, Printer, Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/link-button';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { AppLink } from '../../../lib/navigation';
import { useBranchDrawer, useOpenDrawer } from '../api/cash-drawer-api';
import { pesosFieldToCents } from '../hooks/use-pos-sale';
import { CloseDrawerDialog } from './close-drawer-dialog';

const at = (iso: string) => businessTime(new Date(iso));

/**
 * The branch's drawer above the sale (issue 22): not open yet (the float opens it), open (what it should hold now,
 * and "Cerrar caja"), or closed (the count and its difference, the Z report; no more sales today).
 */
export function DrawerPanel({ branchId, branchName }: { branchId: string; branchName: string }) {
  const drawer = useBranchDrawer(branchId);
  const [closing, setClosing] = useState(false);
  if (!branchId || drawer.isPending || drawer.isError) return null;
  const current = drawer.data?.drawer ?? null;

  return (
    <section
      aria-labelledby="caja-titulo"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      data-testid="drawer-panel"
    >
      <h2
        id="caja-titulo"
        className="flex items-center gap-2 font-display text-lg font-semibold text-brand-800"
      >
        <Wallet aria-hidden className="size-5" /> Caja de {branchName}
      </h2>
      {current === null ? (
        <OpenDrawerForm branchId={branchId} />
      ) : current.status === 'open' ? (
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm">
          <p className="flex items-center gap-2">
            <LockOpen aria-hidden className="size-4 text-emerald-700" />
            <span>
              Abierta a las {at(current.openedAt)} por {current.openedByName} · fondo{' '}
              {formatMoney(current.openingFloatCents)} · efectivo esperado ahora{' '}
              <strong data-testid="drawer-expected">{formatMoney(current.expectedCents)}</strong>
            </span>
          </p>
          <Button variant="secondary" size="sm" onClick={() => setClosing(true)}>
            <Lock aria-hidden className="size-4" /> Cerrar caja
          </Button>
        </div>
      ) : (
        <ClosedDrawer drawer={current} />
      )}
      {closing && current && <CloseDrawerDialog drawer={current} onClose={() => setClosing(false)} />}
    </section>
  );
}

function OpenDrawerForm({ branchId }: { branchId: string }) {
  const open = useOpenDrawer();
  const [float, setFloat] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = pesosFieldToCents(float);
    if (float.trim() === '' || !Number.isInteger(cents) || cents < 0) {
      setError(m.invalidFloat);
      return;
    }
    try {
      await open.mutateAsync({ branchId, openingFloatCents: cents });
      notify.success(m.opened);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : m.invalidFloat;
      setError(message);
      notify.error(message);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 flex flex-wrap items-end gap-3">
      <p className="w-full text-sm text-muted">
        La caja no está abierta hoy. Cuenta el efectivo con el que empiezas y ábrela; también se abre con la
        primera venta.
      </p>
      <TextField
        label="Fondo inicial (pesos)"
        inputMode="decimal"
        value={float}
        onChange={(event) => setFloat(event.target.value)}
        error={error}
        containerClassName="w-48"
      />
      <Button type="submit" size="sm" loading={open.isPending}>
        Abrir caja
      </Button>
    </form>
  );
}

function ClosedDrawer({ drawer }: { drawer: TDrawer }) {
  const difference = drawerDifference(drawer.countedCents ?? 0, drawer.expectedCents);
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="flex items-center gap-2">
        <Lock aria-hidden className="size-4 text-slate-600" />
        <span>
          Cerrada a las {drawer.closedAt ? at(drawer.closedAt) : '—'} por {drawer.closedByName} · contado{' '}
          {formatMoney(drawer.countedCents ?? 0)} de {formatMoney(drawer.expectedCents)} ·{' '}
          <strong data-testid="drawer-difference">
            {differenceLabels[difference.kind]}
            {difference.kind !== 'even' && ` ${formatMoney(Math.abs(difference.cents))}`}
          </strong>
          . No recibe más ventas hoy.
        </span>
      </p>
      <AppLink
        to={`/admin/caja/${drawer.id}`}
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 hover:underline"
      >
        <Printer aria-hidden className="size-4" /> Reporte de cierre (Z)
      </AppLink>
    </div>
  );
}
