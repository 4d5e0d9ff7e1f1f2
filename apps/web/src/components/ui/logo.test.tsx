import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo';

describe('Logo', () => {
  it('is drawn in the page (no <img>, whose SVG would be a document of its own) and named when labelled', () => {
    const { container } = render(<Logo label="Sala Común" className="h-7" />);
    expect(container.querySelector('img')).toBeNull();
    const logo = screen.getByRole('img', { name: 'Sala Común' });
    expect(logo.tagName.toLowerCase()).toBe('svg');
    expect(logo).toHaveClass('h-7', 'w-auto');
  });

  it('is hidden from assistive technology beside a label of its own', () => {
    render(
      <a href="/" aria-label="Sala Común, inicio">
        <Logo className="h-8" />
      </a>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sala Común, inicio' })).toBeInTheDocument();
  });
});
