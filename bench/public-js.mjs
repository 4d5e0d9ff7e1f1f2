// Budgets (docs/business-rules.md D§6, issue 25, decision 016): the JavaScript each prerendered public page loads,
// gzip. A public page loads the islands' entry (src/islands.tsx) and its runtime (React DOM), then each of its islands
// (islands/registry.ts) with the chunks that island imports: the 'load' islands at once, the 'visible' ones when
// they come near the screen (or the browser is idle). 'At load' — the entry and the 'load' islands, what the page
// runs before anyone uses it — has the budget; 'every island' is what a visitor who scrolls to the end has loaded.
// Both count the page's own inline script (the early-tap holder). It also counts the chunks each island fetches
// when it wakes, and fails over WAKE_CHUNKS_MAX.
// Reads Vite's manifest and the prerendered pages after `npm run build`; `--files` lists each page's chunks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const PAGES = [
  { path: '/', budgetKb: 90 },
  { path: '/nosotros', budgetKb: 90 },
  { path: '/equipo', budgetKb: 90 },
  { path: '/reserva', budgetKb: 103 },
  { path: '/sucursales', budgetKb: 90 },
  { path: '/registro', budgetKb: 110 },
  { path: '/registro/iniciar-sesion', budgetKb: 110 },
  // Issue 27: the notice and the terms are text; only the header and the footer are islands.
  { path: '/aviso-de-privacidad', budgetKb: 90 },
  { path: '/terminos', budgetKb: 90 },
];
/** What a visitor who sees every island of the landing has loaded. */
const LANDING_ALL_ISLANDS_BUDGET_KB = 115;
/**
 * The chunks an island fetches when it wakes, beyond what every page has loaded (the entry, the runtime and the
 * islands the HTML preloads): each is a `<link rel=modulepreload>` added in the task that wakes it, 5–15 ms at 4×
 * CPU (decision 016, "An island wakes with a few chunks").
 */
const WAKE_CHUNKS_MAX = 7;
const VERBOSE = process.argv.includes('--files');

const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
const dist = path.join(web, 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const ENTRY = 'src/islands.tsx';
/** React DOM and the query cache: the entry imports it at once (not statically, so it can watch for taps first). */
const RUNTIME = 'src/islands/runtime.tsx';

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
};

/** A manifest chunk and everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

/**
 * The registry's islands in their order, with when they wake and the module they load. The islands' entry imports
 * them in the same order: its manifest's dynamic imports are the islands' chunks (checked against the modules).
 */
function registry() {
  const source = readFileSync(path.join(web, 'src/islands/registry.ts'), 'utf8');
  const found = [
    ...source.matchAll(
      /'?([\w-]+)'?: \{\s*when: '(load|visible)',\s*(preload: true,\s*)?module: '([^']+)',/g,
    ),
  ].map(([, name, when, preload, module]) => ({ name, when, preload: Boolean(preload), module }));
  const chunks = (manifest[ENTRY].dynamicImports ?? []).filter((key) => key !== RUNTIME);
  if (found.length === 0 || found.length !== chunks.length)
    throw new Error(`the registry lists ${found.length} islands, the islands' entry loads ${chunks.length}`);
  return new Map(
    found.map((island, index) => {
      const key = chunks[index];
      const chunk = manifest[key];
      const matches = chunk.src
        ? chunk.src === island.module
        : path.basename(chunk.file).startsWith(`${path.basename(island.module, '.tsx')}-`);
      if (!matches) throw new Error(`island ${island.name}: expected ${island.module}, the build has ${key}`);
      return [island.name, { ...island, key }];
    }),
  );
}

const htmlOf = (page) =>
  readFileSync(path.join(dist, 'prerender', page === '/' ? '' : page, 'index.html'), 'utf8');

/** The chunks a prerendered page preloads. */
const preloadsOf = (page) =>
  [...htmlOf(page).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map(
    ([, file]) => file,
  );

/** The islands a prerendered page holds, in document order. */
function islandsOf(page) {
  const html = htmlOf(page);
  if (!html.includes(`/${manifest[ENTRY].file}`)) throw new Error(`${page} does not load the islands' entry`);
  return [...html.matchAll(/data-island="([\w-]+)"/g)].map(([, name]) => name);
}

/** The page's own inline scripts (the early-tap holder, @sala/shared/web/early-taps), gzip kB: run at parse time. */
const inlineKb = (page) =>
  [...htmlOf(page).matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce(
    (sum, [, source]) => sum + gzipSync(source, { level: 9 }).length,
    0,
  ) / 1024;

const islands = registry();
const entry = closure(RUNTIME, closure(ENTRY));
const kbOf = (keys) => [...keys].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0) / 1024;

let over = false;
console.log('| page | JS at load (gzip) | budget | every island | islands (at load · when visible) |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const page of PAGES) {
  const names = islandsOf(page.path);
  const atLoad = new Set(entry);
  const all = new Set(entry);
  const inHtml = new Set(entry);
  for (const name of names) {
    const island = islands.get(name);
    if (!island) throw new Error(`${page.path}: island '${name}' is not in the registry`);
    if (island.when === 'load') closure(island.key, atLoad);
    if (island.preload) closure(island.key, inHtml);
    closure(island.key, all);
  }
  // The page's HTML preloads the entry's imports, React DOM's runtime and the islands marked `preload`
  // (scripts/prerender.mjs): nothing more, nothing less.
  const preloaded = new Set(preloadsOf(page.path));
  const expected = new Set([...inHtml].filter((key) => key !== ENTRY).map((key) => manifest[key].file));
  if (preloaded.size !== expected.size || [...expected].some((file) => !preloaded.has(file)))
    throw new Error(`${page.path}: the HTML preloads ${[...preloaded]}, it should preload ${[...expected]}`);
  const loadKb = kbOf(atLoad) + inlineKb(page.path);
  const allKb = kbOf(all) + inlineKb(page.path);
  const fits = loadKb <= page.budgetKb && (page.path !== '/' || allKb <= LANDING_ALL_ISLANDS_BUDGET_KB);
  over ||= !fits;
  const split = ['load', 'visible'].map((when) =>
    names.filter((name) => islands.get(name).when === when).join(', '),
  );
  console.log(
    `| ${page.path} | ${loadKb.toFixed(1)} kB | ${page.budgetKb} kB${fits ? '' : ' OVER'} | ${allKb.toFixed(1)} kB | ${split[0]} · ${split[1] || '—'} |`,
  );
  if (VERBOSE) {
    for (const key of [...all].sort((a, b) => sizeOf(manifest[b].file) - sizeOf(manifest[a].file)))
      console.log(
        `|   ${manifest[key].file}${atLoad.has(key) ? '' : ' (when visible)'} | ${(sizeOf(manifest[key].file) / 1024).toFixed(1)} kB | | | |`,
      );
  }
}
console.log(`\nThe landing with every island woken: at most ${LANDING_ALL_ISLANDS_BUDGET_KB} kB.`);

const everyPage = new Set(entry);
for (const island of islands.values()) if (island.preload) closure(island.key, everyPage);
const waking = [...islands.values()]
  .filter((island) => !island.preload)
  .map((island) => ({
    name: island.name,
    chunks: [...closure(island.key)].filter((key) => !everyPage.has(key)).length,
  }));
const listed = waking.map(
  ({ name, chunks }) => `${name} ${chunks}${chunks > WAKE_CHUNKS_MAX ? ' OVER' : ''}`,
);
console.log(`Chunks an island fetches when it wakes (at most ${WAKE_CHUNKS_MAX}): ${listed.join(', ')}.`);
if (waking.some(({ chunks }) => chunks > WAKE_CHUNKS_MAX)) {
  console.error(
    'An island wakes with too many chunks: see the code-splitting groups in apps/web/vite.config.ts.',
  );
  process.exitCode = 1;
}
if (over) {
  console.error('A public page is over its JavaScript budget.');
  process.exit(1);
}
