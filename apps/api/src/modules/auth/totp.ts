import { randomInt } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
} from '@sala/shared/auth/staff-security.contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * The second factor's arithmetic (RFC 6238 through otpauth): SHA-1, 6 digits, 30-second steps, as every
 * authenticator app reads an otpauth:// address. A code is taken in its own step or the one before or after (a
 * phone's clock a little off); the step it matched is what the account remembers, so a code is used once.
 */
const ISSUER = 'Sala Común';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits (RFC 4226's recommended size), base32 as the apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The 30-second step of an instant. */
export const totpStep = (now: Date) =>
  TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now.getTime() });

/** The step a code belongs to (now ±1 step), or null when it is no code of this secret near now. */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code of a step (tests compute what the app would show). */
export const totpCode = (secret: string, at: Date) => totpOf(secret).generate({ timestamp: at.getTime() });

/** The otpauth:// address and its QR image (PNG data URL) for the account's e-mail. */
export async function totpEnrolment(secret: string, email: string) {
  const uri = totpOf(secret, email).toString();
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, uri, qrDataUrl };
}

/** No 0/O or 1/I: a code copied by hand from paper reads one way. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten recovery codes of 10 characters (50 random bits each), shown once; only their SHA-256 is kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
}
