import type { DbOrTx } from '@sala/db/client';
import { businessSettings, consentDocuments, consents } from '@sala/db/schema/privacy';
import { desc, eq } from 'drizzle-orm';

const factsRow = {
  legalName: businessSettings.legalName,
  address: businessSettings.address,
  privacyEmail: businessSettings.privacyEmail,
  retentionYears: businessSettings.retentionYears,
};

export function findFacts(db: DbOrTx) {
  return db
    .select(factsRow)
    .from(businessSettings)
    .where(eq(businessSettings.id, 1))
    .then((rows) => rows[0]);
}

/** The one row, written whole (the first save creates it). */
export function saveFactsRow(
  db: DbOrTx,
  values: { legalName: string; address: string; privacyEmail: string; retentionYears: number },
  updatedBy: string | null,
) {
  return db
    .insert(businessSettings)
    .values({ id: 1, ...values, updatedBy })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedBy, updatedAt: new Date() } })
    .returning(factsRow)
    .then((rows) => rows[0]!);
}

export type ConsentRow = typeof consents.$inferInsert;

export function insertConsents(db: DbOrTx, rows: ConsentRow[]) {
  return db.insert(consents).values(rows);
}

/** Every acceptance of a person, newest first. */
export function consentsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      document: consents.document,
      version: consents.version,
      way: consents.way,
      acceptedAt: consents.acceptedAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.acceptedAt), desc(consents.id));
}

export { consentDocuments };
