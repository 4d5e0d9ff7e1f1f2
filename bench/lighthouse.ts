// Budget (issue 14, docs/business-rules.md D§6): on each public page, Lighthouse 12 mobile (default simulated throttling) scores
// performance ≥ 95, CLS < 0.05 and (issue 25) Total Blocking Time < 150 ms, and accessibility, best practices and
// SEO stay at 100 (issue 25). Performance and TBT are the medians of the runs (each on its own: the run with the
// median score need not have the median TBT).
// Run: npm run bench:lighthouse   (builds the web app first; `npx tsx bench/lighthouse.ts` uses the current build)
// Env: CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (default 3: the median run by performance counts),
//      BENCH_PAGES (comma-separated paths), BENCH_PORT (default 3420).
// It starts the production server (scripts/start.mjs, NODE_ENV=production) on a fresh PGlite with the demo business,
// then runs the `lighthouse` CLI once per page and run, each in a fresh headless Chromium. Not part of `npm test`:
// scores depend on how busy the machine is (run it when it is quiet).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemoData } from '@sala/db/seed/seed';
import { freshDatabase, startServer } from './lib/server';

const root = fileURLToPath(new URL('..', import.meta.url));
const lighthouseBin = path.join(root, 'node_modules/.bin/lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3420);
const pages = (
  process.env.BENCH_PAGES ??
  '/,/nosotros,/equipo,/reserva,/sucursales,/registro,/registro/iniciar-sesion,/aviso-de-privacidad,/terminos'
).split(',');

/** Performance at least `score`; the other three categories at `perfect`. */
const BUDGET = { score: 95, perfect: 100, cls: 0.05, tbtMs: 150 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

type Result = {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  failing: string[];
};

type LighthouseReport = {
  categories: Record<Category, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      title: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
};

function runLighthouse(url: string, outDir: string, n: number, attempt = 1): Result {
  const output = path.join(outDir, `report-${n}.json`);
  const result = spawnSync(
    lighthouseBin,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (result.status !== 0) {
    // Chromium now and then loses the start of its trace (NO_NAVSTART; six of 27 runs on a quiet machine on
    // 2026-11-26): that run is taken again.
    if (attempt < 3) return runLighthouse(url, outDir, n, attempt + 1);
    throw new Error(`lighthouse failed on ${url} (exit ${result.status})`);
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round(report.categories[category].score * 100)]),
  ) as Record<Category, number>;
  const scripts = report.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  // What costs points outside performance: the audits with weight that did not pass.
  const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    report.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null)
      .filter((ref) => (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${category}: ${ref.id}`),
  );
  return {
    scores,
    lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
    failing,
  };
}

/** The run with the median performance score (Lighthouse's own advice for noisy machines), with the median TBT. */
function median(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => a.scores.performance - b.scores.performance);
  const tbts = results.map((r) => r.tbtMs).sort((a, b) => a - b);
  return { ...sorted[Math.floor(sorted.length / 2)]!, tbtMs: tbts[Math.floor(tbts.length / 2)]! };
}

const database = await freshDatabase('pglite', (handle) => seedDemoData(handle.db).then(() => undefined));
const server = await startServer(database, port);
const outDir = mkdtempSync(path.join(os.tmpdir(), 'sala-lighthouse-'));
const rows: { page: string; all: number[]; result: Result }[] = [];
try {
  for (const page of pages) {
    const results: Result[] = [];
    for (let n = 0; n < runs; n++) {
      // localhost, as a visitor's browser would name it (PUBLIC_URL is http://localhost:<port>: canonical links match).
      results.push(runLighthouse(`http://localhost:${port}${page}`, outDir, rows.length * runs + n));
    }
    const result = median(results);
    rows.push({ page, all: results.map((r) => r.scores.performance), result });
    console.error(`${page}: performance ${results.map((r) => r.scores.performance).join(', ')}`);
  }
} finally {
  await server.stop();
  await database.drop();
  if (process.env.BENCH_KEEP_REPORTS) console.error(`reports kept in ${outDir}`);
  else rmSync(outDir, { recursive: true, force: true });
}

const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
console.log(
  line([
    'page',
    `performance (runs)`,
    'accessibility',
    'best practices',
    'SEO',
    'LCP',
    'TBT',
    'CLS',
    'JS transferred',
  ]),
);
console.log(line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
const problems: string[] = [];
for (const { page, all, result } of rows) {
  const { scores } = result;
  console.log(
    line([
      `\`${page}\``,
      `**${scores.performance}** (${all.join(', ')})`,
      String(scores.accessibility),
      String(scores['best-practices']),
      String(scores.seo),
      `${(result.lcpMs / 1000).toFixed(1)} s`,
      `${Math.round(result.tbtMs)} ms`,
      result.cls.toFixed(3),
      `${result.jsKb.toFixed(0)} kB`,
    ]),
  );
  for (const category of CATEGORIES) {
    const floor = category === 'performance' ? BUDGET.score : BUDGET.perfect;
    if (scores[category] < floor) problems.push(`${page}: ${category} ${scores[category]} < ${floor}`);
  }
  if (!(result.cls < BUDGET.cls)) problems.push(`${page}: CLS ${result.cls.toFixed(3)} ≥ ${BUDGET.cls}`);
  // Issue 25: the main thread stays free for a tap while the page loads.
  if (!(result.tbtMs < BUDGET.tbtMs))
    problems.push(`${page}: TBT ${Math.round(result.tbtMs)} ms ≥ ${BUDGET.tbtMs} ms`);
  for (const audit of result.failing) problems.push(`${page}: ${audit}`);
}
console.log(
  `\nMedian of ${runs} runs per page (performance and TBT each); Lighthouse mobile, simulated throttling. Budget: performance ≥ ${BUDGET.score}, accessibility, best practices and SEO ${BUDGET.perfect}, CLS < ${BUDGET.cls}, TBT < ${BUDGET.tbtMs} ms. The figures move with the machine: run it when it is quiet.`,
);
if (problems.some((problem) => /< \d+$|CLS|TBT/.test(problem))) {
  console.error(`Over budget:\n${problems.join('\n')}`);
  process.exit(1);
}
if (problems.length > 0) console.error(`Within budget; audits not passed:\n${problems.join('\n')}`);
