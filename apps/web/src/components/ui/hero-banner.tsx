import type { ReactNode } from 'react';
import { heroSizes, type Illustration } from '../../lib/illustrations';
import { cx } from './field-styles';
import { IllustrationImage } from './illustration-image';

export interface HeroBannerProps {
  /** The background (decorative): one of the site's illustrations. */
  image: Illustration;
  title: string;
  subtitle?: string;
  /** Extra content under the subtitle, e.g. call-to-action buttons. */
  children?: ReactNode;
  className?: string;
}

/** 350 px high banner with a cover image, dark gradient and a centred white <h1>. */
export function HeroBanner({ image, title, subtitle, children, className }: HeroBannerProps) {
  return (
    <section className={cx('relative isolate h-[350px] w-full overflow-hidden bg-brand-900', className)}>
      <IllustrationImage
        name={image}
        sizes={heroSizes(image)}
        alt=""
        decoding="async"
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        data-testid="hero-overlay"
        className="absolute inset-0 -z-10 bg-linear-to-t from-black/75 via-black/45 to-black/25"
      />
      <div className="mx-auto flex h-full max-w-4xl flex-col items-center justify-center gap-3 px-4 pt-14 text-center">
        <h1 className="font-display text-3xl font-semibold text-balance text-white drop-shadow-sm sm:text-5xl">
          {title}
        </h1>
        {subtitle && <p className="max-w-2xl text-base text-pretty text-white/90 sm:text-lg">{subtitle}</p>}
        {children && <div className="mt-3 flex flex-wrap items-center justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}
