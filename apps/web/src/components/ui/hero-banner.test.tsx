import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeroBanner } from './hero-banner';

describe('HeroBanner', () => {
  it('is exactly 350px high with the title as the page heading', () => {
    const { container } = render(<HeroBanner image="hero" title="Consultorios por hora" />);
    const section = container.firstElementChild as HTMLElement;
    expect(section).toHaveClass('h-[350px]');
    const heading = screen.getByRole('heading', { level: 1, name: 'Consultorios por hora' });
    expect(heading).toHaveClass('font-display', 'text-white');
  });

  it('uses the image as a decorative cover background under a dark gradient', () => {
    const { container } = render(<HeroBanner image="hero" title="Título" />);
    const img = container.querySelector('img');
    // A WebP at the drawing's widths, never the SVG (a document of its own on the main thread); on a phone the
    // banner is 350 px high, so the 16:7 drawing is shown 800 px wide.
    expect(img).toHaveAttribute('src', '/images/hero-1920.webp');
    expect(img?.getAttribute('srcset')).toBe(
      '/images/hero-320.webp 320w, /images/hero-640.webp 640w, /images/hero-960.webp 960w, /images/hero-1280.webp 1280w, /images/hero-1600.webp 1600w, /images/hero-1920.webp 1920w',
    );
    expect(img).toHaveAttribute('sizes', 'max(100vw, 800px)');
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
