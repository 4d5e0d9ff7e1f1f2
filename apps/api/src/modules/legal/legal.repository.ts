import type { DbOrTx } from '@sala/db/client';
import { businessSettings, consentDocuments, consents } from '@sala/db/schema/privacy';
import { desc, eq } from 'drizzle-orm';

const factsRow = {
  legalName: businessSettings.legalName,
  address: businessSettings.address,
  privacyEmail: businessSettings.privacyEmail,
  retentionYears: businessSettings.retentionYears,
};

const contactRow = {
  phone: businessSettings.phone,
  whatsapp: businessSettings.whatsapp,
  instagramUrl: businessSettings.instagramUrl,
  facebookUrl: businessSettings.facebookUrl,
};

type Facts = { legalName: string; address: string; privacyEmail: string; retentionYears: number };
type Contact = {
  phone: string | null;
  whatsapp: string | null;
  instagramUrl: string | null;
  facebookUrl: string | null;
};

type FactsColumns = { [K in keyof Facts]: K extends 'retentionYears' ? number : string | null };

/**
 * The legal facts, or nothing while they are not set (no row, or a row with the contact alone): the database keeps
 * the three all set or all null (business_settings_legal_facts_together).
 */
const factsOf = (row: FactsColumns | undefined): Facts | undefined =>
  row?.legalName != null && row.address != null && row.privacyEmail != null
    ? {
        legalName: row.legalName,
        address: row.address,
        privacyEmail: row.privacyEmail,
        retentionYears: row.retentionYears,
      }
    : undefined;

export function findFacts(db: DbOrTx) {
  return db
    .select(factsRow)
    .from(businessSettings)
    .where(eq(businessSettings.id, 1))
    .then((rows) => factsOf(rows[0]));
}

/** The legal facts, written together (the first save creates the row; the contact stays as it is). */
export function saveFactsRow(db: DbOrTx, values: Facts, updatedBy: string | null) {
  return db
    .insert(businessSettings)
    .values({ id: 1, ...values, updatedBy })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedBy, updatedAt: new Date() } })
    .returning(factsRow)
    .then((rows) => factsOf(rows[0])!);
}

/** How clients reach the business: every field null while nothing is set. */
export function findContact(db: DbOrTx): Promise<Contact> {
  return db
    .select(contactRow)
    .from(businessSettings)
    .where(eq(businessSettings.id, 1))
    .then((rows) => rows[0] ?? { phone: null, whatsapp: null, instagramUrl: null, facebookUrl: null });
}

/** The contact, written whole (the first save creates the row, without legal facts; those stay as they are). */
export function saveContactRow(db: DbOrTx, values: Contact, updatedBy: string | null) {
  return db
    .insert(businessSettings)
    .values({ id: 1, ...values, updatedBy })
    .onConflictDoUpdate({ target: businessSettings.id, set: { ...values, updatedBy, updatedAt: new Date() } })
    .returning(contactRow)
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
