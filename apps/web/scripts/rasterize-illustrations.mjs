// The site's illustrations are drawn as SVG (apps/web/illustrations/) and served as AVIF and WebP (public/images/),
// each at several widths for `srcset`. An SVG shown by <img> is a document of its own that the browser builds on the
// main thread: at 4× CPU each cost 30–140 ms, in tasks of their own (docs/performance.md, 2026-11-27); an AVIF or
// WebP is decoded off the main thread. Run after changing or adding an illustration: `npm run images -w @sala/web`
// (about two minutes). It writes the AVIF and WebP files, the site's icon as PNG, illustrations/rasters.json (each
// drawing's size and widths: the app reads it for its `srcset`s) and illustrations/sources.sha256 (in `sha256sum`
// form: a unit test checks it against the drawings, so a drawing changed without this step fails the tests).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = fileURLToPath(new URL('..', import.meta.url));
const sources = path.join(web, 'illustrations');
const output = path.join(web, 'public/images');
/**
 * Widths offered to `srcset` (a vector is sharp at any width). A drawing 800 px wide or more can be a page's banner,
 * as wide as the screen: it is offered up to 1920 px. A smaller one is shown small (a portrait, 144 px), up to 960:
 * three times a 320 px image, for a phone's screen.
 */
const WIDTHS = [320, 640, 960, 1280, 1600, 1920];
const BANNER_FROM = 800;
const SMALL_UP_TO = 960;
/**
 * Each width in two formats: AVIF, which every current browser shows, at about two thirds of WebP's bytes (the hero
 * at 1600 px: 12 kB, WebP 17 kB; the banner is the page's largest paint), and WebP for the browsers without AVIF
 * (Safari before 16.4). The drawings are flat colours and gradients: at these qualities they look as the SVG.
 */
const FORMATS = [
  ['avif', { quality: 45, effort: 4 }],
  ['webp', { quality: 60, effort: 6 }],
];

/** The site's icon: PNG for the tab (32 px) and for a phone's home screen (180 px), not a drawing of the pages. */
const ICON = 'favicon';
const ICON_SIZES = [32, 180];

const rasters = {};
const sums = [];
const written = new Set();
for (const file of readdirSync(sources)
  .filter((name) => name.endsWith('.svg'))
  .sort()) {
  const name = file.replace(/\.svg$/, '');
  const svg = readFileSync(path.join(sources, file));
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg.toString('utf8'));
  if (!viewBox) throw new Error(`${file}: the drawing needs a viewBox="0 0 width height"`);
  const [width, height] = [Number(viewBox[1]), Number(viewBox[2])];
  sums.push(`${createHash('sha256').update(svg).digest('hex')}  ${file}\n`);
  if (name === ICON) {
    for (const size of ICON_SIZES)
      await sharp(svg, { density: Math.ceil((72 * size) / width) * 2 })
        .resize({ width: size })
        .png({ compressionLevel: 9 })
        .toFile(path.join(output, `${name}-${size}.png`));
    console.log(`${name}: ${ICON_SIZES.join(', ')} px (PNG)`);
    continue;
  }
  const widest = Math.max(width, width >= BANNER_FROM ? WIDTHS.at(-1) : SMALL_UP_TO);
  const widths = [...new Set([...WIDTHS.filter((candidate) => candidate < widest), widest])];
  for (const target of widths) {
    // Rendered from the vector at twice the width, then scaled down: never scaled up from a raster.
    const rendered = sharp(svg, { density: Math.ceil((72 * target) / width) * 2 }).resize({ width: target });
    for (const [format, options] of FORMATS) {
      const file = `${name}-${target}.${format}`;
      await rendered.clone()[format](options).toFile(path.join(output, file));
      written.add(file);
    }
  }
  rasters[name] = { width, height, widths };
  console.log(`${name}: ${widths.join(', ')} px`);
}
// Numbers' lists on one line, as the formatter (biome) writes them.
const json = JSON.stringify(rasters, null, 2).replace(
  /\[\s+([\d,\s]+?)\s+\]/g,
  (_, list) => `[${list.split(/,\s*/).join(', ')}]`,
);
writeFileSync(path.join(sources, 'rasters.json'), `${json}\n`);
// What is left of a drawing changed or gone.
for (const stale of readdirSync(output).filter((file) => /\.(avif|webp)$/.test(file) && !written.has(file)))
  rmSync(path.join(output, stale));
writeFileSync(path.join(sources, 'sources.sha256'), sums.join(''));
