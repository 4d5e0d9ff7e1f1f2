import type { TCashSummary } from '@sala/shared/cash-summary/cash-summary.contract';
import { cashSummaryCsv } from '@sala/shared/cash-summary/cash-summary.rules';

export const csvFileName = (date: string) => `corte-${date}.csv`;

/** Saves the corte as corte-YYYY-MM-DD.csv (UTF-8 with its byte order mark, so Excel reads the accents). */
export function downloadCashSummaryCsv(summary: TCashSummary, branchName: string | null) {
  const blob = new Blob([cashSummaryCsv(summary, branchName)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(summary.date);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
