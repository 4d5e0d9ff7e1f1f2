import { csvPesos, toCsv } from '../common/csv';
import type { TDashboardMoney, TReport } from './dashboard.contract';
import { weekdayLongNames } from './weekdays';

type SalesDay = TDashboardMoney['days'][number];
type MethodKey = 'cashCents' | 'cardCents' | 'transferCents' | 'onlineCents';

/** The ways money comes in, as the panels, the reports and their CSV name them (the online store apart, issue 22). */
export const SALES_METHODS: readonly { key: MethodKey; label: string }[] = [
  { key: 'cashCents', label: 'Efectivo' },
  { key: 'cardCents', label: 'Tarjeta (terminal)' },
  { key: 'transferCents', label: 'Transferencia' },
  { key: 'onlineCents', label: 'Tienda en línea (tarjeta)' },
];

/** Some days' sales by method, and their sum. */
export function salesTotals(days: readonly SalesDay[]) {
  const lines = SALES_METHODS.map(({ key, label }) => ({
    key,
    label,
    cents: days.reduce((total, day) => total + day[key], 0),
  }));
  return { lines, totalCents: lines.reduce((total, line) => total + line.cents, 0) };
}

/** A rate as the CSV writes it: '45.5' (the % in the header). */
const rateCell = (rate: number) => rate.toFixed(1);

/**
 * A report as CSV, with the corte's conventions (UTF-8 with its byte order mark, CRLF, pesos with two decimals,
 * cells a spreadsheet never runs): a title row, then one block per table, blank rows between.
 */
export function reportCsv(report: TReport, branchName: string | null): string {
  const rows: (string | number)[][] = [
    ['Reporte', report.from, report.to, branchName ?? 'Todas las sucursales'],
    [],
    ['Ventas por día', ...SALES_METHODS.map((m) => m.label), 'Total'],
  ];
  for (const day of report.days) {
    const cents = SALES_METHODS.map((m) => day[m.key]);
    rows.push([day.date, ...cents.map(csvPesos), csvPesos(cents.reduce((a, b) => a + b, 0))]);
  }
  const totals = salesTotals(report.days);
  rows.push(['Total', ...totals.lines.map((line) => csvPesos(line.cents)), csvPesos(totals.totalCents)]);
  rows.push(
    [],
    ['Gastos', csvPesos(report.expensesCents)],
    ['Neto', csvPesos(totals.totalCents - report.expensesCents)],
    [],
    ['Créditos vendidos', report.credits.sold],
    ['Créditos usados', report.credits.used],
    ['Créditos vencidos', report.credits.expired],
    ['Créditos por usar (saldos de hoy)', report.credits.outstanding],
    [],
    ['Mes', 'Créditos vencidos'],
    ...report.expiredPerMonth.map((m) => [m.month, m.credits]),
    [],
    ['Producto', 'Unidades', 'Importe'],
    ...report.products.map((p) => [p.name, p.quantity, csvPesos(p.totalCents)]),
    [],
    ['Ocupación por sucursal', 'Horas reservadas', 'Horas reservables', 'Ocupación %'],
    ...report.occupancy.map((b) => [b.branchName, b.booked, b.bookable, rateCell(b.rate)]),
    [],
    ['Día', 'Hora', 'Horas reservadas', 'Horas reservables', 'Ocupación %'],
    ...report.heatmap.map((c) => [
      weekdayLongNames[c.weekday] ?? '',
      c.hour,
      c.booked,
      c.bookable,
      rateCell(c.rate),
    ]),
  );
  return toCsv(rows);
}

/** report-2026-10-01-a-2026-10-31.csv */
export const reportCsvFileName = (report: Pick<TReport, 'from' | 'to'>) =>
  `reporte-${report.from}-a-${report.to}.csv`;
