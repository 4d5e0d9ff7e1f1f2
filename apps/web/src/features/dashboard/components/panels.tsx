import { percent } from '@sala/shared/dashboard/weekdays';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { lazy, Suspense } from 'react';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { AppLink } from '../../../lib/navigation';
import { useMoneyPanel, useOccupancyPanel, useTodayPanel } from '../api/dashboard-api';
import {
  CreditsFigures,
  Figure,
  OccupancyHeatmap,
  Panel,
  PanelState,
  ProductsTable,
  SalesDaysTable,
  SalesTotals,
} from './figures';

// recharts is a chunk of its own, fetched when a panel first draws a chart (never by the public site).
const TodayChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.TodayChart })));
const SalesChart = lazy(() => import('./dashboard-charts').then((m) => ({ default: m.SalesChart })));

/** Today: sessions by hour (chart and figures), rooms free now, today's blocks, clients waiting (super admin). */
export function TodayPanel({ branchId }: { branchId: string }) {
  const today = useTodayPanel(branchId);
  if (!today.data) {
    return (
      <Panel id="panel-hoy" title="Hoy" wide>
        <PanelState isError={today.isError} />
      </Panel>
    );
  }
  const t = today.data;
  const booked = t.hours.reduce((sum, h) => sum + h.booked, 0);
  const bookable = t.hours.reduce((sum, h) => sum + h.bookable, 0);
  return (
    <Panel id="panel-hoy" title={`Hoy, ${formatCalendarDate(t.date)}`} wide>
      <dl className="mb-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Sesiones reservadas" value={`${booked} de ${bookable}`} testId="today-booked" />
        <Figure
          label={t.currentHour ? `Salas libres ahora (${t.currentHour})` : 'Salas libres ahora'}
          value={t.roomsFreeNow ?? 'Cerrado'}
          testId="today-free"
        />
        <Figure label="Bloqueos de hoy" value={t.blocks.length} testId="today-blocks" />
        {t.pendingClients && (
          <Figure
            label="Clientes por activar"
            value={
              <AppLink to="/admin/usuarios" className="text-brand-700 underline-offset-2 hover:underline">
                {t.pendingClients.count}
              </AppLink>
            }
            testId="today-pending"
          />
        )}
      </dl>
      {t.hours.length === 0 ? (
        <p className="text-sm text-muted">Hoy no abre ninguna sucursal.</p>
      ) : (
        // The hours' column as wide as its table ('Reservables' and '15:00 · ahora' whole), the chart the rest.
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
          <Suspense fallback={<div className="h-56" />}>
            <TodayChart today={t} />
          </Suspense>
          <table className="w-full text-left text-sm" data-testid="today-hours">
            <caption className="sr-only">Sesiones de hoy por hora, reservadas de las reservables</caption>
            <thead className="text-xs text-muted">
              <tr>
                <th scope="col">Hora</th>
                <th scope="col" className="pl-3 text-right">
                  Reservadas
                </th>
                <th scope="col" className="pl-3 text-right">
                  Reservables
                </th>
              </tr>
            </thead>
            <tbody>
              {t.hours.map((h) => (
                <tr
                  key={h.hour}
                  className={
                    h.hour === t.currentHour ? 'bg-amber-50 font-semibold text-amber-900' : undefined
                  }
                  aria-current={h.hour === t.currentHour ? 'time' : undefined}
                >
                  <th scope="row" className="py-0.5 font-normal whitespace-nowrap">
                    {h.hour}
                    {h.hour === t.currentHour && ' · ahora'}
                  </th>
                  <td className="py-0.5 text-right tabular-nums">{h.booked}</td>
                  <td className="py-0.5 text-right tabular-nums">{h.bookable}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {t.blocks.length > 0 && (
        <>
          <h3 className="mt-4 mb-1 text-sm font-semibold text-ink">Bloqueos de hoy</h3>
          <ul className="space-y-1 text-sm">
            {t.blocks.map((b) => (
              <li key={`${b.branchName}|${b.roomName}|${b.hour}`}>
                {b.branchName} · {b.roomName ?? 'todas las salas'} · {b.hour ?? 'todo el día'}
              </li>
            ))}
          </ul>
        </>
      )}
      {t.pendingClients && t.pendingClients.count > 0 && (
        <p className="mt-3 text-sm text-muted">
          Esperan activación: {t.pendingClients.names.join(', ')}
          {t.pendingClients.count > t.pendingClients.names.length && ' y más'}.
        </p>
      )}
    </Panel>
  );
}

/** Occupancy: by branch for the next 7 days and the last 30, and the last 8 weeks' weekday × hour. */
export function OccupancyPanel({ branchId }: { branchId: string }) {
  const occupancy = useOccupancyPanel(branchId);
  if (!occupancy.data) {
    return (
      <Panel id="panel-ocupacion" title="Ocupación" wide>
        <PanelState isError={occupancy.isError} />
      </Panel>
    );
  }
  const o = occupancy.data;
  const last30 = new Map(o.last30.map((b) => [b.branchId, b]));
  return (
    <Panel id="panel-ocupacion" title="Ocupación" wide>
      <ScrollArea label="Ocupación por sucursal">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Ocupación por sucursal: horas-sala reservadas de las reservables
          </caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col">Sucursal</th>
              <th scope="col" className="text-right">
                Próximos 7 días
              </th>
              <th scope="col" className="text-right">
                Últimos 30 días
              </th>
            </tr>
          </thead>
          <tbody>
            {o.next7.map((b) => {
              const past = last30.get(b.branchId);
              return (
                <tr key={b.branchId} className="border-t border-slate-100" data-testid="occupancy-row">
                  <th scope="row" className="py-1.5 font-medium wrap-anywhere">
                    {b.branchName}
                  </th>
                  <td className="py-1.5 text-right tabular-nums">
                    {percent(b.rate)}{' '}
                    <span className="text-xs text-muted">
                      ({b.booked} de {b.bookable} h)
                    </span>
                  </td>
                  <td className="py-1.5 text-right tabular-nums">
                    {percent(past?.rate ?? 0)}{' '}
                    <span className="text-xs text-muted">
                      ({past?.booked ?? 0} de {past?.bookable ?? 0} h)
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollArea>
      <h3 className="mt-5 mb-2 text-sm font-semibold text-ink">Las últimas 8 semanas, por día y hora</h3>
      <OccupancyHeatmap
        cells={o.heatmap}
        caption="Ocupación de las últimas 8 semanas por día de la semana y hora, en porcentaje"
      />
    </Panel>
  );
}

/** The super admin's money: sales per day by method (chart and figures), credits, top products. */
export function MoneyPanel({ branchId }: { branchId: string }) {
  const money = useMoneyPanel(branchId);
  if (!money.data) {
    return (
      <Panel id="panel-dinero" title="Ventas de los últimos 30 días" wide>
        <PanelState isError={money.isError} />
      </Panel>
    );
  }
  const m = money.data;
  return (
    <>
      <Panel id="panel-dinero" title="Ventas de los últimos 30 días" wide>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <Suspense fallback={<div className="h-64" />}>
            <SalesChart days={m.days} />
          </Suspense>
          <SalesTotals days={m.days} />
        </div>
        <h3 className="mt-4 mb-1 text-sm font-semibold text-ink">Cada día</h3>
        <SalesDaysTable days={m.days} className="max-h-72" />
      </Panel>
      <Panel id="panel-creditos" title="Créditos de los últimos 30 días">
        <CreditsFigures credits={m.credits} />
      </Panel>
      <Panel id="panel-productos" title="Lo más vendido en 30 días">
        <ProductsTable products={m.topProducts} />
      </Panel>
    </>
  );
}
