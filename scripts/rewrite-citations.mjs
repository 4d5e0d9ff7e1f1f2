#!/usr/bin/env node
/**
 * Points citations of the team's private product spec and design notes (`spec §8`, `design.md §4`) at this repo's
 * own docs/business-rules.md (`docs/business-rules.md §8`, `docs/business-rules.md D§4`), which keeps the same
 * section numbers. Idempotent. `--dry-run` only counts.
 *
 * Run: node scripts/rewrite-citations.mjs [--dry-run]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const folders = ['apps', 'packages', 'e2e', 'scripts', 'bench'];
const files = ['README.md', 'docs/architecture.md', 'docs/performance.md'];
const skip = new Set(['node_modules', 'dist', 'dist-ssr', '.git', 'migrations']);
const dryRun = process.argv.includes('--dry-run');

function walk(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    if (skip.has(entry)) continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...walk(full));
    else if (/\.(?:[cm]?[jt]sx?|md)$/.test(entry) && full !== fileURLToPath(import.meta.url))
      found.push(full);
  }
  return found;
}

const rewrite = (text) =>
  text
    .replace(/\b[Ss]pec §(\d+)/g, 'docs/business-rules.md §$1')
    .replace(/\bdesign(?:\.md)? §(\d+)/g, 'docs/business-rules.md D§$1');

let changed = 0;
let citations = 0;
for (const file of [
  ...folders.flatMap((folder) => walk(path.join(root, folder))),
  ...files.map((f) => path.join(root, f)),
]) {
  const before = readFileSync(file, 'utf8');
  const after = rewrite(before);
  if (after === before) continue;
  changed++;
  citations += (before.match(/\b[Ss]pec §\d+|\bdesign(?:\.md)? §\d+/g) ?? []).length;
  if (!dryRun) writeFileSync(file, after);
}
console.log(`${dryRun ? 'Would rewrite' : 'Rewrote'} ${citations} citations in ${changed} files.`);
