import rasters from '../../illustrations/rasters.json';

/** A drawing of apps/web/illustrations/, served as WebP at several widths (scripts/rasterize-illustrations.mjs). */
export type Illustration = keyof typeof rasters;

export type IllustrationImage = { src: string; srcSet: string; width: number; height: number };

/**
 * What an <img> needs to show an illustration: a WebP, never the SVG (an SVG in an <img> is a document the browser
 * builds on the main thread). `src` is the largest width, for browsers that ignore `srcSet`; the element gives
 * `sizes`, the width it is shown at, from which the browser picks.
 */
export function illustrationImage(name: Illustration): IllustrationImage {
  const { width, height, widths } = rasters[name];
  return {
    src: `/images/${name}-${widths.at(-1)}.webp`,
    srcSet: widths.map((each) => `/images/${name}-${each}.webp ${each}w`).join(', '),
    width,
    height,
  };
}

/** The height of a HeroBanner, in CSS pixels (h-[350px]). */
export const HERO_HEIGHT_PX = 350;

/**
 * The `sizes` of a HeroBanner's background: it covers the banner (object-cover), so it is shown as wide as the
 * viewport, or wider when the viewport is narrower than the drawing at the banner's height.
 */
export function heroSizes(name: Illustration): string {
  const { width, height } = rasters[name];
  return `max(100vw, ${Math.ceil((HERO_HEIGHT_PX * width) / height)}px)`;
}
