import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, DbOrTx } from '@sala/db/client';
import { signingKeys } from '@sala/db/schema/privacy';
import { eq } from 'drizzle-orm';
import { ttlCache } from './ttl-cache';

/**
 * Links signed by the server (a reminder's one-click unsubscribe): `<subject>.<HMAC-SHA256 of purpose and subject>`,
 * both URL-safe. The key is made once, by the first process that needs it, and kept in the database, so every
 * process signs and checks alike and nothing has to be configured. A link cannot be made for another subject
 * without the key.
 */
export type SigningPurpose = 'unsubscribe-reminders';

const keys = ttlCache(10 * 60_000, 8);

async function keyFor(db: DbOrTx, cacheOf: Db | DbOrTx, purpose: SigningPurpose): Promise<Buffer> {
  const secret = await keys.get(cacheOf, purpose, async () => {
    await db
      .insert(signingKeys)
      .values({ purpose, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(signingKeys).where(eq(signingKeys.purpose, purpose));
    return row!.secret;
  });
  return Buffer.from(secret, 'base64url');
}

async function hasKey(db: DbOrTx, purpose: SigningPurpose): Promise<boolean> {
  const [row] = await db
    .select({ purpose: signingKeys.purpose })
    .from(signingKeys)
    .where(eq(signingKeys.purpose, purpose));
  return Boolean(row);
}

const mac = (key: Buffer, purpose: SigningPurpose, subject: string) =>
  createHmac('sha256', key).update(`${purpose}:${subject}`).digest('base64url');

/** A token for `subject` (an id: letters, digits and dashes). `cacheOf` is the base handle the key is kept for. */
export async function signSubject(
  db: DbOrTx,
  purpose: SigningPurpose,
  subject: string,
  cacheOf: Db | DbOrTx = db,
): Promise<string> {
  return `${subject}.${mac(await keyFor(db, cacheOf, purpose), purpose, subject)}`;
}

/** The subject a token was signed for, or null when it was not signed by this server for this purpose. */
export async function verifySubject(
  db: DbOrTx,
  purpose: SigningPurpose,
  token: string,
): Promise<string | null> {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const subject = token.slice(0, dot);
  // No key yet means no token was ever signed: a refused link makes none (nothing stored by a bad request).
  if (!(await hasKey(db, purpose))) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(await keyFor(db, db, purpose), purpose, subject));
  return given.length === expected.length && timingSafeEqual(given, expected) ? subject : null;
}
