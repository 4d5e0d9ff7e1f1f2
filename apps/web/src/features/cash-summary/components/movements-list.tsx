import type { TCashMovement } from '@sala/shared/cash-summary/cash-summary.contract';
import { formatMoney } from '@sala/shared/format/money';
import { orderStatusLabels, paymentMethodLabels } from '@sala/shared/orders/orders.messages';
import { businessDate, businessTime } from '@sala/shared/time/business-time';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { Badge } from '../../../components/ui/status-badge';

/** 'Venta · Efectivo', 'Venta en línea · Tarjeta' or 'Gasto'. */
function kindLabel(movement: TCashMovement) {
  if (movement.kind === 'cost') return 'Gasto';
  return `${movement.isPos ? 'Venta' : 'Venta en línea'} · ${paymentMethodLabels[movement.method]}`;
}

/**
 * The day's orders and expenses in time order, folded until asked for (always printed). A cancelled order is
 * struck through and marked 'Cancelada': it is listed but counted in no total.
 */
export function MovementsList({ date, movements }: { date: string; movements: TCashMovement[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <section className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 print:rounded-none print:shadow-none print:ring-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-4 text-left sm:px-6 print:px-0"
        >
          <span className="font-display text-xl font-semibold text-brand-800">
            Movimientos del día{' '}
            <span className="font-sans text-base font-normal text-muted">({movements.length})</span>
          </span>
          <ChevronDown
            aria-hidden
            className={cx(
              'size-5 shrink-0 text-muted transition-transform print:hidden',
              open && 'rotate-180',
            )}
          />
        </button>
      </h2>
      <div id={listId} className={cx('border-t border-slate-200', !open && 'hidden print:block')}>
        {movements.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted sm:px-6">No hubo movimientos este día.</p>
        ) : (
          <ol aria-label="Movimientos" className="divide-y divide-slate-100">
            {movements.map((movement) => (
              <MovementItem key={`${movement.kind}-${movement.id}`} date={date} movement={movement} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function MovementItem({ date, movement }: { date: string; movement: TCashMovement }) {
  const at = new Date(movement.at);
  const day = businessDate(at);
  const cancelled = movement.kind === 'order' && movement.status === 'cancelled';
  const pending = movement.kind === 'order' && movement.status === 'pending';
  const isCost = movement.kind === 'cost';
  return (
    <li
      data-kind={movement.kind}
      data-status={movement.kind === 'order' ? movement.status : undefined}
      className="grid grid-cols-[3.25rem_minmax(0,1fr)_auto] items-baseline gap-x-3 px-4 py-3 text-sm sm:px-6 print:px-0 print:py-1.5"
    >
      <span className="text-muted tabular-nums">
        {day === date ? businessTime(at) : `${day} ${businessTime(at)}`}
      </span>
      <div className={cx('min-w-0', cancelled && 'text-muted')}>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className={cx('font-medium text-ink', cancelled && 'text-muted line-through')}>
            {movement.kind === 'order' ? movement.clientName : movement.name}
          </span>
          {(cancelled || pending) && (
            <Badge
              tone={cancelled ? 'danger' : 'warning'}
              state={movement.kind === 'order' ? movement.status : undefined}
            >
              {movement.kind === 'order' && orderStatusLabels[movement.status]}
            </Badge>
          )}
        </p>
        <p className="text-xs text-muted">
          {kindLabel(movement)}
          {movement.kind === 'order' ? ` · Cajero: ${movement.cashierName}` : ` · ${movement.addedByName}`}
          {movement.branchName && ` · ${movement.branchName}`}
        </p>
      </div>
      <span
        className={cx(
          'text-right font-semibold whitespace-nowrap tabular-nums',
          isCost && 'text-red-700',
          cancelled && 'font-normal text-muted line-through',
        )}
      >
        {isCost ? `−${formatMoney(movement.totalCents)}` : formatMoney(movement.totalCents)}
      </span>
    </li>
  );
}
