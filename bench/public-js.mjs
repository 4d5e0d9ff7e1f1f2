// Budgets (docs/business-rules.md D§6, issue 25): the JavaScript each prerendered public page loads, gzip. Reads
// Vite's manifest after `npm run build` and sums the entry, the page's route module and everything they import
// statically (lazy chunks are not counted: a visitor does not load them). The landing's budget is the design's
// 130 kB; the other pages are held at what they ship today, so none grows unnoticed (issue 25 lowers them all).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PAGES = [
  { path: '/', module: 'src/app/routes/home.tsx', budgetKb: 130 },
  { path: '/nosotros', module: 'src/app/routes/nosotros.tsx', budgetKb: 135 },
  { path: '/equipo', module: 'src/app/routes/equipo.tsx', budgetKb: 123 },
  { path: '/reserva', module: 'src/app/routes/reserva.tsx', budgetKb: 135 },
  { path: '/sucursales', module: 'src/app/routes/sucursales.tsx', budgetKb: 126 },
  { path: '/registro', module: 'src/app/routes/registro.tsx', budgetKb: 141 },
  { path: '/registro/iniciar-sesion', module: 'src/app/routes/iniciar-sesion.tsx', budgetKb: 141 },
];
const VERBOSE = process.argv.includes('--files');

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** The JS files a page loads: the entry, the route module, and their static imports. */
function filesOf(module) {
  if (!manifest[module]) throw new Error(`${module} is not in the build's manifest`);
  const seen = new Set();
  const collect = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported);
  };
  collect('index.html');
  collect(module);
  return [...seen].map((key) => manifest[key]?.file).filter((file) => file?.endsWith('.js'));
}

let over = false;
console.log('| page | JS gzip | budget |');
console.log('| --- | ---: | ---: |');
for (const page of PAGES) {
  const files = filesOf(page.module);
  const kb = files.reduce((sum, file) => sum + sizeOf(file), 0) / 1024;
  const fits = kb <= page.budgetKb;
  over ||= !fits;
  console.log(`| ${page.path} | ${kb.toFixed(1)} kB | ${page.budgetKb} kB${fits ? '' : ' OVER'} |`);
  if (VERBOSE) {
    for (const file of files.sort((a, b) => sizeOf(b) - sizeOf(a)))
      console.log(`|   ${file} | ${(sizeOf(file) / 1024).toFixed(1)} kB | |`);
  }
}
if (over) {
  console.error('A public page is over its JavaScript budget.');
  process.exit(1);
}
