import { ZReportQuery } from '@sala/shared/dashboard/dashboard.contract';
import { reportCsv, reportCsvFileName, salesTotals } from '@sala/shared/dashboard/sales';
import { percent } from '@sala/shared/dashboard/weekdays';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { formatMoney } from '@sala/shared/format/money';
import { addDays, businessDate } from '@sala/shared/time/business-time';
import { Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { PageLoader } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { downloadCsv } from '../../../lib/download-csv';
import { useAllBranchOptions } from '../../locations/api/branches-api';
import { useReport } from '../api/dashboard-api';
import {
  CreditsFigures,
  ExpiredPerMonthTable,
  Figure,
  OccupancyHeatmap,
  Panel,
  ProductsTable,
  SalesDaysTable,
  SalesTotals,
} from './figures';

const ALL_BRANCHES = 'Todas las sucursales';

/**
 * /admin/reportes (issue 22, super admin): the panels' figures for any range up to a year and any branch, as tables
 * that print and download as CSV. The range (?desde=&hasta=) and the branch (?sucursal=) live in the address; the
 * last 30 days unless told.
 */
export function ReportsScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => businessDate(new Date()));
  const from = params.get('desde') ?? addDays(today, -29);
  const to = params.get('hasta') ?? today;
  const branches = useAllBranchOptions();
  const asked = params.get('sucursal') ?? '';
  const branch = branches.data?.find((b) => b.id === asked);
  const branchId = !branches.data || branch ? asked : '';
  // The API's own rules, asked before asking it: a range it would refuse is explained here instead.
  const parsed = ZReportQuery.safeParse({ from, to, ...(branchId && { branchId }) });
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Revisa las fechas.');
  const report = useReport(parsed.success ? { from, to, branchId } : null);
  const scope = branch?.name ?? ALL_BRANCHES;

  const update = (next: { desde?: string; hasta?: string; sucursal?: string }) => {
    const values = { desde: from, hasta: to, sucursal: branchId, ...next };
    const query: Record<string, string> = { desde: values.desde, hasta: values.hasta };
    if (values.sucursal) query.sucursal = values.sucursal;
    setParams(query, { replace: true });
  };

  return (
    <div className="space-y-6 print:space-y-3">
      <style>
        {'@media print { @page { size: A4 portrait; margin: 12mm; } html, body { background: #fff; } }'}
      </style>
      <PageHeader
        title="Reportes"
        description={
          <>
            <span className="font-medium text-ink">
              Del {formatCalendarDate(from)} al {formatCalendarDate(to)}
            </span>{' '}
            · {scope}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()} disabled={!report.data}>
              <Printer aria-hidden className="size-4" /> Imprimir
            </Button>
            <Button
              onClick={() =>
                report.data &&
                downloadCsv(reportCsv(report.data, branch?.name ?? null), reportCsvFileName(report.data))
              }
              disabled={!report.data}
            >
              <Download aria-hidden className="size-4" /> Descargar CSV
            </Button>
          </div>
        }
      />
      <div className="flex flex-wrap items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:hidden">
        <TextField
          label="Desde"
          type="date"
          value={from}
          onChange={(event) => event.target.value && update({ desde: event.target.value })}
          containerClassName="w-full sm:w-48"
        />
        <TextField
          label="Hasta"
          type="date"
          value={to}
          onChange={(event) => event.target.value && update({ hasta: event.target.value })}
          containerClassName="w-full sm:w-48"
          error={problem ?? undefined}
        />
        <SelectField
          label="Sucursal"
          placeholder={ALL_BRANCHES}
          value={branchId}
          onChange={(value) => update({ sucursal: value })}
          options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          className="w-full sm:w-64"
        />
      </div>
      {problem ? null : report.isPending ? (
        <PageLoader />
      ) : report.isError ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-red-700 shadow-sm ring-1 ring-slate-200">
          {report.error.message}
        </p>
      ) : (
        <div
          className={cx(
            'grid gap-6 lg:grid-cols-2 print:block print:space-y-3',
            report.isFetching && 'opacity-60',
          )}
          aria-busy={report.isFetching}
        >
          <Panel id="reporte-ventas" title="Ventas" wide>
            <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
              <SalesDaysTable days={report.data.days} />
              <div className="space-y-4">
                <SalesTotals days={report.data.days} />
                <dl className="space-y-1 border-t border-slate-200 pt-2 text-sm">
                  <div className="flex justify-between gap-3">
                    <dt>Gastos</dt>
                    <dd className="tabular-nums" data-testid="report-expenses">
                      {report.data.expensesCents > 0
                        ? formatMoney(-report.data.expensesCents)
                        : formatMoney(0)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-3 font-semibold">
                    <dt>Neto</dt>
                    <dd className="tabular-nums" data-testid="report-net">
                      {formatMoney(salesTotals(report.data.days).totalCents - report.data.expensesCents)}
                    </dd>
                  </div>
                </dl>
                {/* Issue 42: the period's sales by invoice. */}
                <dl
                  className="space-y-1 border-t border-slate-200 pt-2 text-sm"
                  data-testid="report-invoicing"
                >
                  {(
                    [
                      ['Facturado al cliente', report.data.invoicing.invoicedCents],
                      ['En factura global', report.data.invoicing.inGlobalCents],
                      ['Sin factura todavía', report.data.invoicing.notInvoicedCents],
                    ] as const
                  ).map(([label, cents]) => (
                    <div key={label} className="flex justify-between gap-3">
                      <dt>{label}</dt>
                      <dd className="tabular-nums">{formatMoney(cents)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </div>
          </Panel>
          <Panel id="reporte-creditos" title="Créditos">
            <CreditsFigures credits={report.data.credits} />
            <ExpiredPerMonthTable months={report.data.expiredPerMonth} />
          </Panel>
          <Panel id="reporte-productos" title="Productos vendidos">
            <ProductsTable products={report.data.products} />
          </Panel>
          <Panel id="reporte-ocupacion" title="Ocupación" wide>
            <dl className="mb-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
              {report.data.occupancy.map((b) => (
                <Figure key={b.branchId} label={b.branchName} value={percent(b.rate)} />
              ))}
            </dl>
            <table className="mb-5 w-full max-w-lg text-left text-sm" data-testid="report-occupancy">
              <caption className="sr-only">Ocupación por sucursal en el periodo</caption>
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col">Sucursal</th>
                  {/* On a phone the hours go under the rate: four columns left a branch's name a word's width. */}
                  <th scope="col" className="hidden pl-3 text-right sm:table-cell">
                    Horas reservadas
                  </th>
                  <th scope="col" className="hidden pl-3 text-right sm:table-cell">
                    Horas reservables
                  </th>
                  <th scope="col" className="pl-3 text-right">
                    Ocupación
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.occupancy.map((b) => (
                  <tr key={b.branchId} className="border-t border-slate-100">
                    {/* A long branch name breaks where it must, so the table fits a phone (issue 39). */}
                    <th scope="row" className="py-1 font-medium wrap-anywhere">
                      {b.branchName}
                    </th>
                    <td className="hidden py-1 pl-3 text-right tabular-nums sm:table-cell">{b.booked}</td>
                    <td className="hidden py-1 pl-3 text-right tabular-nums sm:table-cell">{b.bookable}</td>
                    <td className="py-1 pl-3 text-right tabular-nums">
                      {percent(b.rate)}
                      <span className="block text-xs text-muted sm:hidden">
                        {b.booked} de {b.bookable} h
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <h3 className="mb-2 text-sm font-semibold text-ink">Por día de la semana y hora</h3>
            <OccupancyHeatmap
              cells={report.data.heatmap}
              caption="Ocupación del periodo por día de la semana y hora, en porcentaje"
            />
          </Panel>
        </div>
      )}
    </div>
  );
}
