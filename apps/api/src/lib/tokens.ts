import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies and password-reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash is stored, so a copy of the database does not hand out live sessions or reset links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
