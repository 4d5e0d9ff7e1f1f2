import type { ComponentProps } from 'react';
import { type Illustration, illustrationSources } from '../../lib/illustrations';

type IllustrationImageProps = {
  name: Illustration;
  /** The width the image is shown at (the `sizes` attribute), from which the browser picks a file. */
  sizes: string;
  /** What it shows, or '' when it is decoration. */
  alt: string;
} & Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'alt'>;

/** One of the site's drawings: AVIF where the browser shows it, WebP otherwise, at the width it is shown. */
export function IllustrationImage({ name, sizes, alt, ...image }: IllustrationImageProps) {
  const { avif, webp, src, width, height } = illustrationSources(name);
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <img src={src} srcSet={webp} sizes={sizes} width={width} height={height} alt={alt} {...image} />
    </picture>
  );
}
