import type { TDashboardMoney, TDashboardOccupancy } from '@sala/shared/dashboard/dashboard.contract';
import { salesTotals } from '@sala/shared/dashboard/sales';
import { formatShortDate, percent, weekdayLongNames, weekdayNames } from '@sala/shared/dashboard/weekdays';
import { formatMoney } from '@sala/shared/format/money';
import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { ScrollArea } from '../../../components/ui/scroll-area';

/** The pieces the /admin panels and the reports share: every chart's figures, as text. */

export function Panel({
  id,
  title,
  children,
  wide,
}: {
  id: string;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cx(
        'min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:break-inside-avoid print:shadow-none',
        wide && 'lg:col-span-2',
      )}
      data-testid={id}
    >
      <h2 id={id} className="mb-3 font-display text-xl font-semibold text-brand-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-2xl font-bold text-ink tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** While a panel's figures load, or when they could not be. */
export function PanelState({ isError }: { isError: boolean }) {
  return isError ? (
    <p role="alert" className="text-sm text-red-700">
      No se pudieron cargar las cifras. Vuelve a intentarlo en un momento.
    </p>
  ) : (
    <p className="text-sm text-muted" aria-busy="true">
      Cargando…
    </p>
  );
}

function heatColor(rate: number) {
  if (rate >= 75) return 'bg-brand-800 text-white';
  if (rate >= 50) return 'bg-brand-600 text-white';
  if (rate >= 25) return 'bg-brand-200 text-ink';
  if (rate > 0) return 'bg-brand-50 text-ink';
  return 'bg-slate-50 text-muted';
}

/** Weekday × hour: each cell the share of room-hours booked, its figure written in it. */
export function OccupancyHeatmap({
  cells,
  caption,
}: {
  cells: TDashboardOccupancy['heatmap'];
  caption: string;
}) {
  if (cells.length === 0) return <p className="text-sm text-muted">Sin horas reservables en el periodo.</p>;
  const hours = [...new Set(cells.map((c) => c.hour))].sort();
  // Monday first, Sunday last (0 = Sunday).
  const weekdays = [1, 2, 3, 4, 5, 6, 0].filter((d) => cells.some((c) => c.weekday === d));
  const cellOf = new Map(cells.map((c) => [`${c.weekday}|${c.hour}`, c]));
  return (
    <>
      <ScrollArea label={caption}>
        <table className="border-separate border-spacing-0.5 text-center text-[11px]" data-testid="heatmap">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <td />
              {hours.map((hour) => (
                <th key={hour} scope="col" className="px-0.5 font-medium text-muted">
                  <abbr title={hour} className="no-underline">
                    {hour.slice(0, 2)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weekdays.map((day) => (
              <tr key={day}>
                <th scope="row" className="pr-1 text-left font-medium text-muted">
                  <abbr title={weekdayLongNames[day]} className="no-underline">
                    {weekdayNames[day]}
                  </abbr>
                </th>
                {hours.map((hour) => {
                  const cell = cellOf.get(`${day}|${hour}`);
                  return (
                    <td
                      key={hour}
                      title={
                        cell
                          ? `${weekdayLongNames[day]} ${hour}: ${percent(cell.rate)} (${cell.booked} de ${cell.bookable})`
                          : undefined
                      }
                      className={cx(
                        'size-8 min-w-8 rounded tabular-nums print:border print:border-slate-300',
                        cell ? heatColor(cell.rate) : 'bg-transparent',
                      )}
                    >
                      {cell ? Math.round(cell.rate) : ''}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <p className="mt-2 text-xs text-muted">
        Cada casilla: porcentaje de las horas-sala reservadas a esa hora (cerrado: vacía).
      </p>
    </>
  );
}

/** The totals by method of some days, and their sum. */
export function SalesTotals({ days }: { days: TDashboardMoney['days'] }) {
  const totals = salesTotals(days);
  return (
    <dl className="space-y-1 text-sm">
      {totals.lines.map(({ key, label, cents }) => (
        <div key={key} className="flex justify-between gap-3" data-testid={`sales-${key}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatMoney(cents)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="money-total">
          {formatMoney(totals.totalCents)}
        </dd>
      </div>
    </dl>
  );
}

/** Sales per day by method: the sales chart's figures (in a box of `className`'s height, when given). */
export function SalesDaysTable({ days, className }: { days: TDashboardMoney['days']; className?: string }) {
  return (
    <ScrollArea label="Ventas por día y método de pago" className={className}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Ventas por día y método de pago</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col">Día</th>
            <th scope="col" className="pl-3 text-right">
              Efectivo
            </th>
            <th scope="col" className="pl-3 text-right">
              Tarjeta (terminal)
            </th>
            <th scope="col" className="pl-3 text-right">
              Transferencia
            </th>
            <th scope="col" className="pl-3 text-right">
              Tienda en línea
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-t border-slate-100">
              <th scope="row" className="py-1 font-normal whitespace-nowrap">
                <time dateTime={d.date}>{formatShortDate(d.date)}</time>
              </th>
              <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(d.cashCents)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(d.cardCents)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(d.transferCents)}</td>
              <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(d.onlineCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

export function CreditsFigures({ credits }: { credits: TDashboardMoney['credits'] }) {
  return (
    <>
      <dl className="grid grid-cols-3 gap-3">
        <Figure label="Vendidos" value={credits.sold} testId="credits-sold" />
        <Figure label="Usados" value={credits.used} testId="credits-used" />
        <Figure label="Por usar hoy" value={credits.outstanding} testId="credits-outstanding" />
      </dl>
      <p className="mt-2 text-xs text-muted">
        Por usar: la suma de los saldos de todos los clientes hoy, lo que el negocio debe en sesiones.
      </p>
    </>
  );
}

export function ProductsTable({ products }: { products: TDashboardMoney['topProducts'] }) {
  if (products.length === 0) return <p className="text-sm text-muted">Sin ventas en el periodo.</p>;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Productos vendidos</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col">Producto</th>
          <th scope="col" className="text-right">
            Unidades
          </th>
          <th scope="col" className="text-right">
            Importe
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((p) => (
          <tr key={p.name} className="border-t border-slate-100">
            <th scope="row" className="py-1 font-normal">
              {p.name}
            </th>
            <td className="py-1 text-right tabular-nums">{p.quantity}</td>
            <td className="py-1 text-right tabular-nums">{formatMoney(p.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
