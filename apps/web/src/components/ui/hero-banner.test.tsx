import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HERO_HEIGHT_PX } from '../../lib/illustrations';
import { HeroBanner } from './hero-banner';

describe('HeroBanner', () => {
  it('is exactly 350px high with the title as the page heading', () => {
    const { container } = render(<HeroBanner image="hero" title="Consultorios por hora" />);
    const section = container.firstElementChild as HTMLElement;
    // The banners' `sizes` (lib/illustrations.ts) are computed from this height.
    expect(section).toHaveClass(`h-[${HERO_HEIGHT_PX}px]`);
    expect(HERO_HEIGHT_PX).toBe(350);
    const heading = screen.getByRole('heading', { level: 1, name: 'Consultorios por hora' });
    expect(heading).toHaveClass('font-display', 'text-white');
  });

  it('uses the image as a decorative cover background under a dark gradient', () => {
    const { container } = render(<HeroBanner image="hero" title="Título" />);
    const img = container.querySelector('img');
    // AVIF, or WebP, at the drawing's widths, never the SVG (a document of its own on the main thread); on a phone
    // the banner is 350 px high, so the 16:7 drawing is shown 800 px wide.
    const widths = [320, 640, 960, 1280, 1600, 1920];
    const avif = container.querySelector('picture > source[type="image/avif"]');
    expect(avif?.getAttribute('srcset')).toBe(widths.map((w) => `/images/hero-${w}.avif ${w}w`).join(', '));
    expect(avif).toHaveAttribute('sizes', '(max-width: 800px) 800px, 100vw');
    expect(img?.parentElement?.tagName).toBe('PICTURE');
    expect(img).toHaveAttribute('src', '/images/hero-1920.webp');
    expect(img?.getAttribute('srcset')).toBe(widths.map((w) => `/images/hero-${w}.webp ${w}w`).join(', '));
    expect(img).toHaveAttribute('sizes', '(max-width: 800px) 800px, 100vw');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveClass('object-cover', 'absolute', 'inset-0');
    // decorative image: not exposed as an image to assistive tech
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('hero-overlay').className).toContain('from-black');
  });

  it('renders subtitle and children only when given', () => {
    const { rerender } = render(<HeroBanner image="about" title="Título" />);
    expect(screen.queryByText('Renta tu espacio')).not.toBeInTheDocument();
    rerender(
      <HeroBanner image="about" title="Título" subtitle="Renta tu espacio">
        <button type="button">Reservar</button>
      </HeroBanner>,
    );
    expect(screen.getByText('Renta tu espacio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeInTheDocument();
  });
});
