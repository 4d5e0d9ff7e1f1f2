import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// OWASP password storage cheat sheet: argon2id, 19 MiB, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * Checks a password against a stored hash: ours (argon2id), or one imported from Firebase Authentication and not
 * used since (docs/decisions/029). Anything else (an account created without a password) never matches.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash.startsWith(FIREBASE_PREFIX)) return verifyFirebasePassword(passwordHash, password);
  return verify(passwordHash, password).catch(() => false);
}

/** A hash that is not ours: after a successful login it is replaced by an argon2id one. */
export function isForeignHash(passwordHash: string): boolean {
  return passwordHash.startsWith(FIREBASE_PREFIX);
}

/** Firebase's "password hash parameters" (console → Authentication → ⋮), the signer key and separator in base64. */
export type FirebaseHashParameters = {
  signerKey: string;
  saltSeparator: string;
  rounds: number;
  memCost: number;
};

const FIREBASE_PREFIX = '$firebase-scrypt$';

/**
 * An imported Firebase hash as one self-contained string, like a PHC string: the project's parameters, the user's
 * salt and hash (all base64). `firebase auth:export` writes web-safe or standard base64; both are read.
 */
export function firebaseHashString(
  params: FirebaseHashParameters,
  user: { passwordHash: string; salt: string },
): string {
  const b64 = (value: string) => Buffer.from(value, 'base64').toString('base64');
  return `${FIREBASE_PREFIX}r=${params.rounds},m=${params.memCost}$${b64(params.saltSeparator)}$${b64(params.signerKey)}$${b64(user.salt)}$${b64(user.passwordHash)}`;
}

function parseFirebaseHash(stored: string) {
  const [cost, separator, signerKey, salt, expected] = stored.slice(FIREBASE_PREFIX.length).split('$');
  const match = /^r=(\d+),m=(\d+)$/.exec(cost ?? '');
  if (!match || !separator || !signerKey || !salt || !expected) return null;
  return {
    rounds: Number(match[1]),
    memCost: Number(match[2]),
    separator: Buffer.from(separator, 'base64'),
    signerKey: Buffer.from(signerKey, 'base64'),
    salt: Buffer.from(salt, 'base64'),
    expected: Buffer.from(expected, 'base64'),
  };
}

/**
 * Firebase's modified scrypt, as Firebase publishes it (github.com/firebase/scrypt): scrypt(password, salt ‖
 * separator, N = 2^mem_cost, r = rounds, p = 1) gives a 32-byte key; AES-256-CTR with that key and a zero IV
 * encrypts the project's signer key; the result is the stored hash. Also what an export made for a test or a bench
 * holds (the stand-in of Firebase Authentication).
 */
export async function firebaseScrypt(
  password: string,
  input: { salt: Buffer; separator: Buffer; signerKey: Buffer; rounds: number; memCost: number },
): Promise<Buffer> {
  const N = 2 ** input.memCost;
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password,
      Buffer.concat([input.salt, input.separator]),
      32,
      { N, r: input.rounds, p: 1, maxmem: 256 * N * input.rounds },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(input.signerKey), cipher.final()]);
}

export async function verifyFirebasePassword(stored: string, password: string): Promise<boolean> {
  const parsed = parseFirebaseHash(stored);
  if (!parsed || parsed.memCost < 1 || parsed.memCost > 20 || parsed.rounds < 1 || parsed.rounds > 32)
    return false;
  const computed = await firebaseScrypt(password, parsed).catch(() => null);
  return (
    computed !== null &&
    computed.length === parsed.expected.length &&
    timingSafeEqual(computed, parsed.expected)
  );
}
