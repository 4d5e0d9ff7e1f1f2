import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeroBanner } from './hero-banner';

describe('HeroBanner', () => {
  it('is exactly 350px high with the title as the page heading', () => {
    const { container } = render(<HeroBanner image="/img/sala.jpg" title="Consultorios por hora" />);
    const section = container.firstElementChild as HTMLElement;
    expect(section).toHaveClass('h-[350px]');
    const heading = screen.getByRole('heading', { level: 1, name: 'Consultorios por hora' });
    expect(heading).toHaveClass('font-display', 'text-white');
  });

  it('uses the image as a decorative cover background under a dark gradient', () => {
    const { container } = render(<HeroBanner image="/img/sala.jpg" title="Título" />);
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/img/sala.jpg');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveClass('object-cover', 'absolute', 'inset-0');
    // decorative image: not exposed as an image to assistive tech
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('hero-overlay').className).toContain('from-black');
  });

  it('renders subtitle and children only when given', () => {
    const { rerender } = render(<HeroBanner image="/a.jpg" title="Título" />);
    expect(screen.queryByText('Renta tu espacio')).not.toBeInTheDocument();
    rerender(
      <HeroBanner image="/a.jpg" title="Título" subtitle="Renta tu espacio">
        <button type="button">Reservar</button>
      </HeroBanner>,
    );
    expect(screen.getByText('Renta tu espacio')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reservar' })).toBeInTheDocument();
  });
});
