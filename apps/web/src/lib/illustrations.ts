import rasters from '../../illustrations/rasters.json';

/** A drawing of apps/web/illustrations/, served as AVIF and WebP at several widths (scripts/rasterize-illustrations.mjs). */
export type Illustration = keyof typeof rasters;

export type IllustrationSources = {
  /** `srcset` of the AVIF files, the <picture>'s first choice. */
  avif: string;
  /** `srcset` of the WebP files, for the browsers without AVIF. */
  webp: string;
  /** The largest WebP, for a browser that reads neither. */
  src: string;
  /** The drawing's own size: its proportions, for the <img>'s box. */
  width: number;
  height: number;
};

/**
 * The files that show an illustration: never the SVG (an SVG in an <img> is a document the browser builds on the
 * main thread). The element gives `sizes`, the width it is shown at, from which the browser picks a file.
 */
export function illustrationSources(name: Illustration): IllustrationSources {
  const { width, height, widths } = rasters[name];
  const srcSet = (format: 'avif' | 'webp') =>
    widths.map((each) => `/images/${name}-${each}.${format} ${each}w`).join(', ');
  return {
    avif: srcSet('avif'),
    webp: srcSet('webp'),
    src: `/images/${name}-${widths.at(-1)}.webp`,
    width,
    height,
  };
}

/** The height of a HeroBanner, in CSS pixels (h-[350px]). */
export const HERO_HEIGHT_PX = 350;

/**
 * The `sizes` of a HeroBanner's background: it covers the banner (object-cover), so it is shown as wide as the
 * viewport, or wider when the viewport is narrower than the drawing at the banner's height. Written with a media
 * condition, not `max()`, which Safari reads in `sizes` only from 26.4.
 */
export function heroSizes(name: Illustration): string {
  const { width, height } = rasters[name];
  const atBannerHeight = Math.ceil((HERO_HEIGHT_PX * width) / height);
  return `(max-width: ${atBannerHeight}px) ${atBannerHeight}px, 100vw`;
}
