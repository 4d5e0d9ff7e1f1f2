import type { TCashSummary } from '@sala/shared/cash-summary/cash-summary.contract';
import { cashSummaryCsv } from '@sala/shared/cash-summary/cash-summary.rules';
import { downloadCsv } from '../../lib/download-csv';

export const csvFileName = (date: string) => `corte-${date}.csv`;

/** Saves the corte as corte-YYYY-MM-DD.csv (UTF-8 with its byte order mark, so Excel reads the accents). */
export function downloadCashSummaryCsv(summary: TCashSummary, branchName: string | null) {
  downloadCsv(cashSummaryCsv(summary, branchName), csvFileName(summary.date));
}
