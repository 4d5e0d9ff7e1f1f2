import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoader, Spinner } from './spinner';

describe('Spinner', () => {
  it('is an animated svg hidden from assistive technology', () => {
    render(<Spinner className="text-white" />);
    const svg = screen.getByTestId('spinner');
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg.getAttribute('class')).toContain('animate-spin');
    expect(svg.getAttribute('class')).toContain('text-white');
  });
});

describe('PageLoader', () => {
  it('is a status region announcing Cargando...', () => {
    render(<PageLoader />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Cargando...');
    expect(screen.getByText('Cargando...')).toHaveClass('sr-only');
    expect(status).toContainElement(screen.getByTestId('spinner'));
  });
});
