import type {
  TDashboardMoney,
  TDashboardOccupancy,
  TReport,
} from '@sala/shared/dashboard/dashboard.contract';
import { SALES_METHODS, salesTotals } from '@sala/shared/dashboard/sales';
import { formatShortDate, percent, weekdayLongNames, weekdayNames } from '@sala/shared/dashboard/weekdays';
import { calendarDateNames } from '@sala/shared/format/dates';
import { formatMoney } from '@sala/shared/format/money';
import type { ReactNode } from 'react';
import { cx } from '../../../components/ui/field-styles';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { SM_UP, useMediaQuery } from '../../../lib/use-media-query';

/** The pieces the /admin panels and the reports share: every chart's figures, as text. */

/** The day table's column names (the totals beside the chart say 'Tienda en línea (tarjeta)'). */
const columnLabels: Record<(typeof SALES_METHODS)[number]['key'], string> = {
  cashCents: 'Efectivo',
  cardCents: 'Tarjeta (terminal)',
  transferCents: 'Transferencia',
  onlineCents: 'Tienda en línea',
};

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
      <dt className="text-xs font-medium text-muted wrap-anywhere">{label}</dt>
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

/**
 * Weekday × hour: each cell the share of room-hours booked, its figure written in it. Hours run across where the
 * panel is wide; on a phone the days do (seven columns fit 375 px, fourteen hours do not).
 */
export function OccupancyHeatmap({
  cells,
  caption,
}: {
  cells: TDashboardOccupancy['heatmap'];
  caption: string;
}) {
  const hoursAcross = useMediaQuery(SM_UP, true);
  if (cells.length === 0) return <p className="text-sm text-muted">Sin horas reservables en el periodo.</p>;
  const hours = [...new Set(cells.map((c) => c.hour))].sort();
  // Monday first, Sunday last (0 = Sunday).
  const weekdays = [1, 2, 3, 4, 5, 6, 0].filter((d) => cells.some((c) => c.weekday === d));
  const cellOf = new Map(cells.map((c) => [`${c.weekday}|${c.hour}`, c]));
  const dayHeader = (day: number, scope: 'col' | 'row') => (
    <th
      key={day}
      scope={scope}
      className={cx('font-medium text-muted', scope === 'row' ? 'pr-1 text-left' : 'px-0.5')}
    >
      <abbr title={weekdayLongNames[day]} className="no-underline">
        {weekdayNames[day]}
      </abbr>
    </th>
  );
  const hourHeader = (hour: string, scope: 'col' | 'row') => (
    <th
      key={hour}
      scope={scope}
      className={cx('font-medium text-muted', scope === 'row' ? 'pr-1 text-left' : 'px-0.5')}
    >
      <abbr title={hour} className="no-underline">
        {hour.slice(0, 2)}
      </abbr>
    </th>
  );
  const heatCell = (day: number, hour: string) => {
    const cell = cellOf.get(`${day}|${hour}`);
    return (
      <td
        key={`${day}|${hour}`}
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
  };
  return (
    <>
      <ScrollArea label={caption}>
        <table className="border-separate border-spacing-0.5 text-center text-[11px]" data-testid="heatmap">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <td />
              {hoursAcross
                ? hours.map((hour) => hourHeader(hour, 'col'))
                : weekdays.map((day) => dayHeader(day, 'col'))}
            </tr>
          </thead>
          <tbody>
            {hoursAcross
              ? weekdays.map((day) => (
                  <tr key={day}>
                    {dayHeader(day, 'row')}
                    {hours.map((hour) => heatCell(day, hour))}
                  </tr>
                ))
              : hours.map((hour) => (
                  <tr key={hour}>
                    {hourHeader(hour, 'row')}
                    {weekdays.map((day) => heatCell(day, hour))}
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

/**
 * Sales per day by method: the sales chart's figures (in a box of `className`'s height, when given). A table
 * where the panel is wide; on a phone each day is a short list of its four amounts (five columns of pesos do not
 * fit 375 px).
 */
export function SalesDaysTable({ days, className }: { days: TDashboardMoney['days']; className?: string }) {
  const asTable = useMediaQuery(SM_UP, true);
  return (
    <ScrollArea label="Ventas por día y método de pago" className={className}>
      {asTable ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Ventas por día y método de pago</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col">Día</th>
              {SALES_METHODS.map(({ key }) => (
                <th key={key} scope="col" className="pl-3 text-right">
                  {columnLabels[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal whitespace-nowrap">
                  <time dateTime={d.date}>{formatShortDate(d.date)}</time>
                </th>
                {SALES_METHODS.map(({ key }) => (
                  <td key={key} className="py-1 pl-3 text-right tabular-nums">
                    {formatMoney(d[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {days.map((d) => (
            <li key={d.date} className="py-2">
              <time dateTime={d.date} className="font-medium text-ink">
                {formatShortDate(d.date)}
              </time>
              <dl className="mt-1 space-y-0.5 text-xs">
                {SALES_METHODS.map(({ key }) => (
                  <div key={key} className="flex justify-between gap-2">
                    <dt className="text-muted">{columnLabels[key]}</dt>
                    <dd className="tabular-nums">{formatMoney(d[key])}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </ScrollArea>
  );
}

export function CreditsFigures({ credits }: { credits: TDashboardMoney['credits'] }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Vendidos" value={credits.sold} testId="credits-sold" />
        <Figure label="Usados" value={credits.used} testId="credits-used" />
        <Figure label="Vencidos" value={credits.expired} testId="credits-expired" />
        <Figure label="Por usar hoy" value={credits.outstanding} testId="credits-outstanding" />
      </dl>
      <p className="mt-2 text-xs text-muted">
        Vencidos: los que llegaron a su fecha de vencimiento sin usarse. Por usar: la suma de los saldos de
        todos los clientes hoy, lo que el negocio debe en sesiones.
      </p>
    </>
  );
}

/** 'noviembre de 2026' for '2026-11'. */
function monthLabel(month: string): string {
  const { month: name, year } = calendarDateNames(`${month}-01`);
  return `${name} de ${year}`;
}

/** Issue 44: the credits that expired in each month of the range (months without any are not listed). */
export function ExpiredPerMonthTable({ months }: { months: TReport['expiredPerMonth'] }) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-3" data-testid="report-expired-per-month">
      <h3 className="mb-2 text-sm font-semibold text-ink">Créditos vencidos por mes</h3>
      {months.length === 0 ? (
        <p className="text-sm text-muted">Sin créditos vencidos en el periodo</p>
      ) : (
        <table className="w-full max-w-sm text-left text-sm">
          <caption className="sr-only">Créditos vencidos por mes</caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col">Mes</th>
              <th scope="col" className="text-right">
                Créditos vencidos
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {monthLabel(m.month)}
                </th>
                <td className="py-1 text-right tabular-nums">{m.credits}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
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
          <th scope="col" className="pl-3 text-right">
            Unidades
          </th>
          <th scope="col" className="pl-3 text-right">
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
            <td className="py-1 pl-3 text-right tabular-nums">{p.quantity}</td>
            <td className="py-1 pl-3 text-right tabular-nums">{formatMoney(p.totalCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
