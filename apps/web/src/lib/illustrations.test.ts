import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import rasters from '../../illustrations/rasters.json';
import { heroSizes, type Illustration, illustrationSources } from './illustrations';

const web = path.resolve(import.meta.dirname, '../..');
const sources = path.join(web, 'illustrations');
const images = path.join(web, 'public/images');
const drawings = readdirSync(sources)
  .filter((file) => file.endsWith('.svg'))
  .map((file) => file.replace(/\.svg$/, ''))
  .sort();
const REGENERATE = 'run `npm run images -w @sala/web` after changing a drawing';

describe('the illustrations', () => {
  it('are rasterised from the drawings as they are now', () => {
    const recorded = readFileSync(path.join(sources, 'sources.sha256'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(/\s+/).reverse());
    const actual = drawings.map((name) => [
      `${name}.svg`,
      createHash('sha256')
        .update(readFileSync(path.join(sources, `${name}.svg`)))
        .digest('hex'),
    ]);
    expect(recorded, REGENERATE).toEqual(actual);
    expect(Object.keys(rasters).sort(), REGENERATE).toEqual(drawings.filter((name) => name !== 'favicon'));
  });

  it('are served at every width listed, at the size listed, and no file is left from a drawing gone', async () => {
    const expected: string[] = [];
    for (const [name, { width, height, widths }] of Object.entries(rasters)) {
      const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(
        readFileSync(path.join(sources, `${name}.svg`), 'utf8'),
      );
      expect([Number(viewBox?.[1]), Number(viewBox?.[2])], name).toEqual([width, height]);
      // A drawing that can be a banner (800 px or more) goes up to 1920 px; a smaller one, up to 960 px.
      expect(widths.at(-1), name).toBe(width >= 800 ? Math.max(width, 1920) : Math.max(width, 960));
      for (const each of widths)
        for (const [extension, format] of [
          ['avif', 'heif'],
          ['webp', 'webp'],
        ]) {
          const file = `${name}-${each}.${extension}`;
          expected.push(file);
          const metadata = await sharp(path.join(images, file)).metadata();
          expect([metadata.format, metadata.width, metadata.height], file).toEqual([
            format,
            each,
            Math.round((each * height) / width),
          ]);
        }
    }
    const served = readdirSync(images).filter((file) => /\.(avif|webp)$/.test(file));
    expect(served.sort(), REGENERATE).toEqual(expected.sort());
  });

  it("give the site's icon as PNG, for the tab and for a phone's home screen", async () => {
    for (const size of [32, 180]) {
      const metadata = await sharp(path.join(images, `favicon-${size}.png`)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', size, size]);
    }
    const shell = readFileSync(path.join(web, 'index.html'), 'utf8');
    expect(shell).toContain(
      '<link rel="icon" type="image/png" sizes="32x32" href="/images/favicon-32.png" />',
    );
    expect(shell).toContain('<link rel="apple-touch-icon" href="/images/favicon-180.png" />');
    expect(shell).not.toMatch(/\.svg"/);
  });

  it("give a <picture> every width in AVIF and WebP, the largest WebP as its src, and the drawing's size", () => {
    expect(illustrationSources('team-1')).toEqual({
      avif: '/images/team-1-320.avif 320w, /images/team-1-640.avif 640w, /images/team-1-960.avif 960w',
      webp: '/images/team-1-320.webp 320w, /images/team-1-640.webp 640w, /images/team-1-960.webp 960w',
      src: '/images/team-1-960.webp',
      width: 400,
      height: 400,
    });
  });

  it("size a banner's background by the wider of the viewport and the drawing at 350 px high", () => {
    const cases: [Illustration, string][] = [
      ['hero', '(max-width: 800px) 800px, 100vw'], // 1600 × 700
      ['carousel-1', '(max-width: 623px) 623px, 100vw'], // 1200 × 675
      ['about', '(max-width: 467px) 467px, 100vw'], // 800 × 600
    ];
    for (const [name, sizes] of cases) expect(heroSizes(name)).toBe(sizes);
  });
});
