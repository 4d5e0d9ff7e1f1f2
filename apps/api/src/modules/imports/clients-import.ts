import type { Tx } from '@sala/db/client';
import { newId } from '@sala/db/ids';
import type { ClientRow } from '@sala/shared/imports/clients-csv';
import { importMessages as m } from '@sala/shared/imports/imports.messages';
import { reconcileImportedBalance } from './balances';
import type { ReportBuilder } from './import-report';
import * as repo from './imports.repository';

const SOURCE = 'csv';
const COLLECTION = 'clients';
const IMPORT_NOTE = 'Saldo inicial de la hoja de clientes';

/**
 * A spreadsheet's clients (issue 41), in the caller's transaction: each new e-mail becomes an active client (or
 * inactive, if the sheet says so) with its opening balance as one `import` ledger row and no password (the client
 * sets one through "¿Olvidaste tu contraseña?"). A client this import made before is updated; an account that lives
 * here already and did not come from a spreadsheet is left alone and reported.
 */
export async function importClientRows(tx: Tx, input: { rows: ClientRow[]; now: Date }, out: ReportBuilder) {
  const mappings = (await repo.loadMappings(tx, SOURCE)).get(COLLECTION) ?? new Map<string, string>();
  const lastCredits = await repo.importedCredits(tx, SOURCE);
  const accounts = await repo.allAccounts(tx);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const byEmail = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const inserts: Parameters<typeof repo.insertAccounts>[1] = [];
  const fresh: Parameters<typeof repo.saveMappings>[1] = [];

  for (const row of input.rows) {
    out.add(COLLECTION, 'read');
    const mapped = mappings.get(row.email);
    const current = mapped ? byId.get(mapped) : undefined;
    // A client in the business's list is a client today, unless the sheet says otherwise; a sheet that does not
    // say leaves a known client's status as it is here.
    const isActive = row.isActive ?? current?.isActive ?? true;
    const fields = { name: row.name, phone: row.phone, isActive };
    const shown = {
      line: row.line,
      name: row.name,
      email: row.email,
      phone: row.phone,
      credits: row.credits,
      isActive,
    };
    if (current?.closedAt) {
      // Closed by its owner: an import never brings an account back (decision 018).
      out.add(COLLECTION, 'unchanged');
      out.client({ ...shown, action: 'unchanged' });
      continue;
    }
    if (current) {
      const changed =
        current.name !== row.name || current.phone !== row.phone || current.isActive !== isActive;
      if (changed) await repo.updateAccount(tx, current.id, fields);
      const last = lastCredits.get(current.id) ?? 0;
      const moved = await reconcileImportedBalance(tx, {
        userId: current.id,
        target: row.credits,
        last,
        note: IMPORT_NOTE,
        now: input.now,
      });
      if (moved.short > 0) out.warn(COLLECTION, row.email, m.balanceShort(moved.short), row.line);
      if (row.credits !== last) {
        await repo.setImportedCredits(
          tx,
          { source: SOURCE, collection: COLLECTION, newId: current.id },
          row.credits,
        );
      }
      const action = changed || row.credits !== last ? 'update' : 'unchanged';
      out.add(COLLECTION, action === 'update' ? 'updated' : 'unchanged');
      out.client({ ...shown, action });
      continue;
    }
    if (byEmail.has(row.email)) {
      out.skip(COLLECTION, row.email, m.emailInUse, row.line);
      continue;
    }
    const id = newId();
    inserts.push({
      id,
      ...fields,
      email: row.email,
      role: 'user',
      credits: row.credits,
      // Nobody knows it: the client sets one through "¿Olvidaste tu contraseña?".
      passwordHash: `!import-${newId()}`,
      createdAt: input.now,
      updatedAt: input.now,
    });
    byEmail.set(row.email, {
      id,
      ...fields,
      email: row.email,
      role: 'user',
      credits: row.credits,
      passwordHash: '',
      closedAt: null,
    });
    fresh.push({ source: SOURCE, collection: COLLECTION, oldId: row.email, newId: id, credits: row.credits });
    out.add(COLLECTION, 'imported');
    out.client({ ...shown, action: 'create' });
  }
  await repo.insertAccounts(tx, inserts, { note: IMPORT_NOTE, at: input.now });
  await repo.saveMappings(tx, fresh);
}
