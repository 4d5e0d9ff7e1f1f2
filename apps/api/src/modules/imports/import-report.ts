import type { TClientImportRow, TImportCount, TImportReport } from '@sala/shared/imports/imports.contract';
import { importCollectionLabels, type TImportCollection } from '@sala/shared/imports/imports.messages';

type Counter = 'read' | 'imported' | 'updated' | 'unchanged' | 'skipped';

/** What an import run did, collection by collection, as it goes (the report of issue 41). */
export function startReport(dryRun: boolean) {
  const counts = new Map<TImportCollection, TImportCount>();
  const report: TImportReport = { dryRun, counts: [], skipped: [], warnings: [], ignored: [], clients: [] };
  const countOf = (collection: TImportCollection) => {
    let count = counts.get(collection);
    if (!count) {
      count = {
        collection,
        label: importCollectionLabels[collection],
        read: 0,
        imported: 0,
        updated: 0,
        unchanged: 0,
        skipped: 0,
      };
      counts.set(collection, count);
      report.counts.push(count);
    }
    return count;
  };
  return {
    report,
    /** Opens a collection's line (so it shows with zeros when the export has none of it). */
    collection: (collection: TImportCollection) => void countOf(collection),
    add: (collection: TImportCollection, counter: Counter, by = 1) => {
      countOf(collection)[counter] += by;
    },
    skip: (collection: TImportCollection, id: string, reason: string, line: number | null = null) => {
      countOf(collection).skipped += 1;
      report.skipped.push({ collection, id, line, reason });
    },
    warn: (collection: TImportCollection, id: string, reason: string, line: number | null = null) => {
      report.warnings.push({ collection, id, line, reason });
    },
    ignore: (what: string) => report.ignored.push(what),
    client: (row: TClientImportRow) => report.clients.push(row),
  };
}
export type ReportBuilder = ReturnType<typeof startReport>;

/** The report as the command prints it: the table, then every skipped record, then the notes. */
export function formatReport(report: TImportReport): string {
  const headers = ['Colección', 'Leídos', 'Importados', 'Actualizados', 'Sin cambios', 'Omitidos'];
  const rows = report.counts.map((c) =>
    [c.label, c.read, c.imported, c.updated, c.unchanged, c.skipped].map(String),
  );
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] as string).length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number)))
      .join('  ');
  const out = [
    report.dryRun ? 'Prueba (--dry-run): se revisó todo y no se guardó nada.' : 'Importación guardada.',
    '',
    line(headers),
    line(widths.map((width) => '-'.repeat(width))),
    ...rows.map(line),
  ];
  const where = (note: { id: string; line: number | null }) =>
    note.line === null ? note.id : `línea ${note.line} (${note.id})`;
  if (report.skipped.length > 0) {
    out.push('', `Omitidos (${report.skipped.length}):`);
    for (const note of report.skipped) out.push(`  ${note.collection} ${where(note)}: ${note.reason}`);
  }
  if (report.warnings.length > 0) {
    out.push('', `Importados con una nota (${report.warnings.length}):`);
    for (const note of report.warnings) out.push(`  ${note.collection} ${where(note)}: ${note.reason}`);
  }
  if (report.ignored.length > 0) {
    out.push('', 'No se importó:');
    for (const what of report.ignored) out.push(`  ${what}`);
  }
  return out.join('\n');
}
