import { sortMovements } from '@sala/shared/cash-summary/cash-summary.rules';
import { formatCalendarDate } from '@sala/shared/format/dates';
import { businessDate, isIsoDate } from '@sala/shared/time/business-time';
import { ChevronDown, Download, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cx, fieldControlClass, fieldLabelClass } from '../../../components/ui/field-styles';
import { Button } from '../../../components/ui/link-button';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useAllBranchOptions } from '../../locations/api/branches-api';
import { useCashSummary } from '../api/cash-summary-api';
import { downloadCashSummaryCsv } from '../download-csv';
import { DrawersList } from './drawers-list';
import { MovementsList } from './movements-list';
import { SummaryCards } from './summary-cards';

/** 'domingo 22 de noviembre' → 'Domingo 22 de noviembre' (CSS capitalize would do every word). */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const ALL_BRANCHES = 'Todas las sucursales';

/**
 * /admin/corte (docs/business-rules.md §2, docs/business-rules.md D§4): a Mexico City day's money, of every branch or one. The day (?fecha=) and
 * the branch (?sucursal=) live in the address; the page prints as a report and downloads as CSV.
 */
export function CashSummaryScreen() {
  const [params, setParams] = useSearchParams();
  const [today] = useState(() => businessDate(new Date()));
  const askedDate = params.get('fecha');
  const date = askedDate && isIsoDate(askedDate) ? askedDate : today;
  const branches = useAllBranchOptions();
  const askedBranch = params.get('sucursal') ?? '';
  const branch = branches.data?.find((b) => b.id === askedBranch);
  const branchId = branch?.id;
  const summary = useCashSummary(date, branches.data ? branchId : askedBranch || undefined);
  const branchSelectId = useId();

  const update = (next: { fecha?: string; sucursal?: string }) => {
    const values = { fecha: date === today ? '' : date, sucursal: branchId ?? '', ...next };
    const query: Record<string, string> = {};
    if (values.fecha && values.fecha !== today) query.fecha = values.fecha;
    if (values.sucursal) query.sucursal = values.sucursal;
    setParams(query, { replace: true });
  };

  const scope = branch?.name ?? ALL_BRANCHES;

  return (
    <div className="space-y-6 print:space-y-3">
      <style>
        {'@media print { @page { size: A4 portrait; margin: 12mm; } html, body { background: #fff; } }'}
      </style>
      <PageHeader
        title="Corte de caja"
        description={
          <>
            <span className="font-medium text-ink">{capitalized(formatCalendarDate(date))}</span> · {scope}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()} disabled={!summary.data}>
              <Printer aria-hidden className="size-4" /> Imprimir
            </Button>
            <Button
              onClick={() => summary.data && downloadCashSummaryCsv(summary.data, branch?.name ?? null)}
              disabled={!summary.data}
            >
              <Download aria-hidden className="size-4" /> Descargar CSV
            </Button>
          </div>
        }
      />
      <div className="flex flex-wrap gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 print:hidden">
        <TextField
          label="Fecha"
          type="date"
          value={date}
          max={today}
          onChange={(event) => {
            if (isIsoDate(event.target.value)) update({ fecha: event.target.value });
          }}
          containerClassName="w-full sm:w-52"
        />
        <div className="flex w-full flex-col gap-1.5 sm:w-64">
          <label htmlFor={branchSelectId} className={fieldLabelClass}>
            Sucursal
          </label>
          <div className="relative">
            <select
              id={branchSelectId}
              value={branchId ?? ''}
              onChange={(event) => update({ sucursal: event.target.value })}
              className={cx(fieldControlClass(false), 'appearance-none pr-9')}
            >
              <option value="">{ALL_BRANCHES}</option>
              {(branches.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted"
            />
          </div>
        </div>
      </div>
      {summary.isPending ? (
        <PageLoader />
      ) : summary.isError ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-red-700 shadow-sm ring-1 ring-slate-200">
          {summary.error.message}
        </p>
      ) : (
        <div
          className={cx('space-y-6 print:space-y-3', summary.isPlaceholderData && 'opacity-60')}
          aria-busy={summary.isFetching}
        >
          <SummaryCards totals={summary.data.totals} />
          <DrawersList drawers={summary.data.drawers} />
          <MovementsList date={summary.data.date} movements={sortMovements(summary.data.movements)} />
        </div>
      )}
    </div>
  );
}
