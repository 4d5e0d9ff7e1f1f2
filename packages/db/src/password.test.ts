import { describe, expect, it } from 'vitest';
import { firebaseHashString, hashPassword, isForeignHash, verifyPassword } from './password';

// Firebase's published test vector (github.com/firebase/scrypt, README): the project's parameters and one user.
const params = {
  signerKey: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
  saltSeparator: 'Bw==',
  rounds: 8,
  memCost: 14,
};
const user = {
  salt: '42xEC+ixf3L2lw==',
  passwordHash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
};

describe('imported Firebase passwords', () => {
  const stored = firebaseHashString(params, user);

  it("verifies Firebase's published test vector", async () => {
    expect(isForeignHash(stored)).toBe(true);
    expect(await verifyPassword(stored, 'user1password')).toBe(true);
  });

  it('refuses a wrong password, a changed signer key and a changed salt', async () => {
    expect(await verifyPassword(stored, 'user1Password')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
    const otherKey = firebaseHashString(
      { ...params, signerKey: Buffer.alloc(64, 1).toString('base64') },
      user,
    );
    expect(await verifyPassword(otherKey, 'user1password')).toBe(false);
    const otherSalt = firebaseHashString(params, { ...user, salt: 'AAAAAAAAAAAAAA==' });
    expect(await verifyPassword(otherSalt, 'user1password')).toBe(false);
  });

  it('reads the web-safe base64 that some exports write', async () => {
    const webSafe = (value: string) => value.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
    const stored2 = firebaseHashString(
      { ...params, signerKey: webSafe(params.signerKey) },
      { salt: webSafe(user.salt), passwordHash: webSafe(user.passwordHash) },
    );
    expect(stored2).toBe(stored);
    expect(await verifyPassword(stored2, 'user1password')).toBe(true);
  });

  it('never matches a damaged or absurd string, nor an account made without a password', async () => {
    expect(await verifyPassword('$firebase-scrypt$r=8,m=14$Bw==', 'user1password')).toBe(false);
    expect(await verifyPassword(stored.replace('m=14', 'm=40'), 'user1password')).toBe(false);
    expect(await verifyPassword('!import-123', 'user1password')).toBe(false);
  });

  it('our own hashes are argon2id, not foreign', async () => {
    const ours = await hashPassword('user1password');
    expect(ours.startsWith('$argon2id$')).toBe(true);
    expect(isForeignHash(ours)).toBe(false);
    expect(await verifyPassword(ours, 'user1password')).toBe(true);
  });
});
