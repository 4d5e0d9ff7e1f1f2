// Budget (docs/business-rules.md D§6): the JavaScript the landing route loads is at most 130 kB gzip.
// Reads Vite's manifest after `npm run build` and sums the gzip size of the entry, the home route and
// everything they import statically (lazy chunks of other pages are not counted: they are not loaded).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 130;
const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/app/routes/home.tsx');
// The landing also renders these lazily-imported pieces for a visitor: none (user menu, mobile menu and the toaster
// load on demand; the toaster with the first toast).

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += size;
  rows.push([file, (size / 1024).toFixed(1)]);
}
rows.sort((a, b) => Number(b[1]) - Number(a[1]));
for (const [file, kb] of rows) console.log(`${kb.padStart(7)} kB  ${file}`);
const totalKb = total / 1024;
console.log(
  `${totalKb.toFixed(1).padStart(7)} kB  total JS on the landing route (budget ${BUDGET_KB} kB gzip)`,
);
if (totalKb > BUDGET_KB) {
  console.error('Over budget.');
  process.exit(1);
}
