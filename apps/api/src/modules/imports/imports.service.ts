import type { Db, Tx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import type { FirebaseHashParameters } from '@sala/db/password';
import { readClientsCsv } from '@sala/shared/imports/clients-csv';
import type { TClientsImportRequest, TImportReport } from '@sala/shared/imports/imports.contract';
import { importMessages as m } from '@sala/shared/imports/imports.messages';
import type { ActingContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.service';
import { importClientRows } from './clients-import';
import { type FirebaseExport, importFirebaseExport } from './firebase-import';
import { type ReportBuilder, startReport } from './import-report';
import { tableCounts, takeImportTurn } from './imports.repository';

/** Thrown at the end of a dry run: the transaction rolls back, and the report stays exact to the last row. */
class DryRunDone extends Error {}

/**
 * One import, all or nothing (design §12): everything runs in one transaction; a failure rolls it all back, and a
 * dry run rolls back on purpose once the report is complete, so it reports what the real run would do, checked by
 * the database itself (its unique indexes and constraints), and writes nothing.
 */
async function inOneTransaction(
  db: Db,
  dryRun: boolean,
  work: (tx: Tx, out: ReportBuilder) => Promise<void>,
): Promise<TImportReport> {
  const out = startReport(dryRun);
  try {
    await db.transaction(async (tx) => {
      await takeImportTurn(tx);
      await work(tx, out);
      if (dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return out.report;
}

/** `npm run import -- firebase`: the old app's Firestore export and Firebase Authentication accounts. */
export function importFirebase(
  db: Db,
  input: FirebaseExport & { hash: FirebaseHashParameters; dryRun: boolean; now: Date },
): Promise<TImportReport> {
  return inOneTransaction(db, input.dryRun, (tx, out) => importFirebaseExport(tx, input, out));
}

/** `npm run import -- csv` and the super admin's screen: a spreadsheet of clients. */
export function importClientsCsv(
  db: Db,
  input: { csv: string; dryRun: boolean; now: Date },
  /** Runs last, in the import's transaction (the audit row of the screen's import). */
  finish?: (tx: Tx, report: TImportReport) => Promise<void>,
): Promise<TImportReport> {
  const read = readClientsCsv(input.csv);
  if (!read.ok) throw new AppError('invalid-argument', read.reason, { csv: read.reason });
  return inOneTransaction(db, input.dryRun, async (tx, out) => {
    out.collection('clients');
    for (const problem of read.problems) {
      out.add('clients', 'read');
      out.skip('clients', problem.email, problem.reason, problem.line);
    }
    await importClientRows(tx, { rows: read.rows, now: input.now }, out);
    // The sheet's order: a person fixing the file goes down it line by line.
    out.report.skipped.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    await finish?.(tx, out.report);
  });
}

/** POST /api/imports/clients/preview — what the sheet would do, nothing saved. */
export function previewClients(
  { db, now }: ActingContext,
  body: TClientsImportRequest,
): Promise<TImportReport> {
  return importClientsCsv(db, { csv: body.csv, dryRun: true, now });
}

/** POST /api/imports/clients — the super admin confirms: the sheet is imported, and the audit log says so. */
export function confirmClients(ctx: ActingContext, body: TClientsImportRequest): Promise<TImportReport> {
  return importClientsCsv(ctx.db, { csv: body.csv, dryRun: false, now: ctx.now }, async (tx, report) => {
    const count = report.counts.find((c) => c.collection === 'clients');
    if (!count || count.imported + count.updated === 0) return;
    await recordAudit(tx, ctx, [
      {
        action: 'import.clients',
        entity: 'import',
        entityId: newId(),
        label: m.done(count.imported, count.updated),
        before: null,
        after: { nuevos: count.imported, actualizados: count.updated, omitidos: count.skipped },
      },
    ]);
  });
}

/** Row counts of the business's tables (the tests' and the bench's proof that a dry run wrote nothing). */
export const countRows = tableCounts;
