import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'sala-lock-'));
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

describe('acquireDataDirLock', () => {
  it('takes a free directory and frees it on release', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'sala.lock'))).toBe(true);
    release();
    expect(existsSync(path.join(dir, 'sala.lock'))).toBe(false);
    // Released: the directory can be taken again.
    const again = acquireDataDirLock(dir);
    expect(existsSync(path.join(dir, 'sala.lock'))).toBe(true);
    again();
  });

  it('refuses a directory held by another live process, with a clear Spanish message', () => {
    const dir = tempDir();
    const other = spawn('sleep', ['30']);
    children.push(other);
    writeFileSync(path.join(dir, 'sala.lock'), String(other.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/ya está en uso por otro proceso \(PID \d+\)/);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = tempDir();
    const gone = spawn('true');
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(path.join(dir, 'sala.lock'), String(gone.pid));
    const release = acquireDataDirLock(dir);
    // The lock is this process's now, and goes with it on release.
    expect(readFileSync(path.join(dir, 'sala.lock'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'sala.lock'))).toBe(false);
  });
});
