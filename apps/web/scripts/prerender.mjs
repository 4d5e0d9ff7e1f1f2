// After `vite build` and the server build of src/entry-server.tsx: writes each public page's HTML (React's static
// rendering, hydrated in the browser) to dist/prerender/<page>/index.html, with its own title, description,
// canonical link, Open Graph tags and a preload of its hero image. The server fills in __PUBLIC_URL__ and the
// site configuration at start, and the branches' LocalBusiness data (<!--branches-ld-->) per request.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const serverEntry = path.join(root, 'dist-ssr', 'entry-server.js');
const {
  render,
  PRERENDERED_PAGES,
  PAGE_META,
  islands,
  illustrationSources,
  heroSizes,
  EARLY_TAPS_SCRIPT,
  contactColumnHtml,
  EVERY_CONTACT_FIELD,
  CONTACT_COLUMN_SLOT,
  escapeHtml,
} = await import(pathToFileURL(serverEntry).href);

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

const OG_IMAGE = '/images/og-sala-comun.png';

// The prerendered pages load the islands' script (src/islands.tsx, decision 016), not the app's: the shell's entry
// script and its preloads are swapped for the islands' entry and, preloaded beside it, the chunks it imports
// statically, the runtime it asks for next (React DOM: islands/runtime.tsx) and the chunks of the islands marked
// `preload` in the registry (the header). Those fetches start with the page's, from its HTML, and the islands'
// entry adds no preload links for them while it starts (issue 25). Other islands preload their chunks when they
// wake (Vite's preload helper).
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const islandsEntry = manifest['src/islands.tsx'];
const RUNTIME = 'src/islands/runtime.tsx';
if (!islandsEntry?.isEntry || !manifest[RUNTIME])
  throw new Error('the build has no islands entry (src/islands.tsx) or runtime (src/islands/runtime.tsx)');
const staticImports = (key, seen = new Set()) => {
  for (const imported of manifest[key]?.imports ?? []) {
    if (seen.has(imported)) continue;
    seen.add(imported);
    staticImports(imported, seen);
  }
  return seen;
};
// The islands' entry starts without React: React DOM comes with the runtime, which the entry asks for in the task
// after it starts watching for taps (decision 016). A chunking change (vite.config.ts) that made the entry import
// a chunk holding React, even through a small shared module, would put React DOM's start-up in the entry's task.
if ([...staticImports('src/islands.tsx')].some((key) => manifest[key].name === 'react'))
  throw new Error("the islands' entry imports React's chunk statically: it belongs to the runtime");
// The manifest key of an island's chunk: its module's own, or, for a module the app also imports statically (the
// header, the footer), the shared chunk named after the file.
const islandChunk = (module) => {
  const chunkName = path.basename(module, '.tsx');
  const found = islandsEntry.dynamicImports.filter(
    (key) => key === module || manifest[key].name === chunkName,
  );
  if (found.length !== 1) throw new Error(`the build has no single chunk for the island module ${module}`);
  return found[0];
};
const preloadedAtLoad = (html) => {
  const keys = new Set([...staticImports('src/islands.tsx'), RUNTIME, ...staticImports(RUNTIME)]);
  for (const name of new Set([...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]))) {
    const island = islands[name];
    if (!island) throw new Error(`the page has an island '${name}' the registry does not know`);
    if (!island.preload) continue;
    const chunk = islandChunk(island.module);
    keys.add(chunk);
    for (const key of staticImports(chunk)) keys.add(key);
  }
  return [
    `<script type="module" crossorigin src="/${islandsEntry.file}"></script>`,
    ...[...keys].map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`),
  ].join('\n    ');
};
// The shell's entry script and every modulepreload after it (the app's layout, header and footer chunks), all of
// which the islands' list replaces.
const appScripts =
  /(?:\s*(?:<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>|<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">))+/;
if (!appScripts.test(template)) throw new Error('dist/index.html has no entry script');

// Each prerendered page inlines the rules its own HTML uses (about a third of the stylesheet): the first paint waits
// for no other request, and the document's first task parses 24–28 kB of CSS, not the whole app's 68 kB (issue 25:
// that task is the longest of the load). The whole stylesheet is preloaded at a low priority and applied by the
// islands' entry, and no island renders before it is (src/islands/stylesheet.ts): what an island draws after the
// build's HTML (a menu opened, a dialog, the wizard's next step) may use any rule. Without script, <noscript> links
// it. Pages rendered in the browser (the SPA shell) keep the linked, cached file.
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
if (!stylesheet) throw new Error('dist/index.html links no stylesheet');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined');
const deferredStylesheet = [
  `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${stylesheet[1]}" data-stylesheet>`,
  `<noscript><link rel="stylesheet" crossorigin href="${stylesheet[1]}"></noscript>`,
].join('\n    ');

// The rules whose selectors match an element of the page, once stripped of pseudo-classes and pseudo-elements (a
// :hover or ::before rule stays when its element is there), with the @property, @layer and @keyframes they use
// (Beasties, from the Chrome team's Critters). A selector Beasties cannot read fails the build: it would be left out.
// Beasties strips a :where(…) whole, with what is inside it, so those rules (Tailwind's space-y-*, a few of the
// reset's; 23 in all) are all kept, and so are the @keyframes. e2e/tests/critical-css.spec.ts checks that every
// element of every page has the same style with the page's rules as with the whole stylesheet.
const beastiesProblems = [];
const beasties = new Beasties({
  external: false,
  reduceInlineStyles: true,
  allowRules: [/:where\(/],
  // Tailwind names an animation's keyframes through a variable (--animate-spin), where Beasties does not look.
  keyframes: 'all',
  logLevel: 'warn',
  logger: {
    warn: (message) => beastiesProblems.push(message),
    error: (message) => beastiesProblems.push(message),
  },
});
async function criticalCss(page, body) {
  const reduced = await beasties.process(
    `<!doctype html><html><head><style>${css}</style></head><body>${body}</body></html>`,
  );
  if (beastiesProblems.length > 0) throw new Error(`${page}: ${beastiesProblems.join('\n')}`);
  const critical = /<style>([\s\S]*?)<\/style>/.exec(reduced)?.[1];
  if (!critical) throw new Error(`${page}: no critical stylesheet`);
  return critical;
}

function head(page) {
  const { title, description, heroImage } = PAGE_META[page];
  const url = `__PUBLIC_URL__${page === '/' ? '/' : page}`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="canonical" href="${url}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Sala Común" />',
    '<meta property="og:locale" content="es_MX" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="__PUBLIC_URL__${OG_IMAGE}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    '<meta property="og:image:alt" content="Sala Común, consultorios por hora" />',
    '<meta name="twitter:card" content="summary_large_image" />',
    // The hero fills the first screen: the width of its drawing the browser will pick, found before the body.
    // AVIF: a browser without it skips the preload (its type) and finds the WebP in the page.
    `<link rel="preload" as="image" imagesrcset="${illustrationSources(heroImage).avif}" imagesizes="${heroSizes(heroImage)}" type="image/avif" fetchpriority="high" />`,
    '<!--branches-ld-->',
    // Holds a tap on an island's control from the first paint until the islands' entry has arrived to replay it
    // (@sala/shared/web/early-taps); the only inline script, allowed by its hash (apps/api/src/plugins/security.ts).
    `<script>${EARLY_TAPS_SCRIPT}</script>`,
  ].join('\n    ');
}

rmSync(path.join(dist, 'prerender'), { recursive: true, force: true });
for (const page of PRERENDERED_PAGES) {
  const rendered = await render(page);
  // React puts the image preloads it finds before the page (an <img> with a high fetch priority outside a <picture>:
  // none today, the hero's is written by head()); they belong in the head, out of the tree the browser hydrates.
  const preloads = /^(?:<link [^>]*\/>)*/.exec(rendered)[0];
  const body = rendered.slice(preloads.length);
  if (!body.includes('<h1')) throw new Error(`${page}: the prerendered page has no heading`);
  // An SVG in an <img> is a document the browser builds on the main thread (docs/performance.md): drawings are
  // served as AVIF and WebP (components/ui/illustration-image.tsx), the logo is drawn in the page.
  if (/<img [^>]*src="[^"]*\.svg"/.test(body)) throw new Error(`${page}: an <img> shows an SVG`);
  // The banner's own pair: the about drawing is also on / and /nosotros, at another size.
  const heroSrcSet = illustrationSources(PAGE_META[page].heroImage).avif;
  if (!body.includes(`srcSet="${heroSrcSet}" sizes="${heroSizes(PAGE_META[page].heroImage)}"`))
    throw new Error(`${page}: PAGE_META's heroImage is not the drawing of the page's HeroBanner`);
  const extraPreloads = preloads.match(/<link [^>]*\/>/g) ?? [];
  const scripts = preloadedAtLoad(body);
  // The footer's contact column is built empty and filled by the server with the business's contact on each request
  // (apps/api/src/plugins/web.ts): the page inlines the rules of a column with every field set.
  if (!CONTACT_COLUMN_SLOT.test(body))
    throw new Error(`${page}: the footer has no empty contact column for the server to fill`);
  const critical = await criticalCss(page, body + contactColumnHtml(EVERY_CONTACT_FIELD));
  const html = template
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${[head(page), ...extraPreloads].join('\n    ')}\n  </head>`)
    .replace(stylesheet[0], () => `<style>${critical}</style>\n    ${deferredStylesheet}`)
    .replace(appScripts, () => `\n    ${scripts}`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (html.split('rel="modulepreload"').length !== scripts.split('rel="modulepreload"').length)
    throw new Error(
      `${page}: the page preloads chunks that are not the islands' (the app's were not all replaced)`,
    );
  const file = path.join(dist, 'prerender', page === '/' ? '' : page, 'index.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  console.log(
    `prerendered ${page} (${(html.length / 1024).toFixed(1)} kB, ${(critical.length / 1024).toFixed(1)} kB of CSS)`,
  );
}
