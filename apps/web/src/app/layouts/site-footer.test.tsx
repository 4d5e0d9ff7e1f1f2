import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSiteConfig } from '../../lib/site-config';
import { SiteFooter } from './site-footer';

function renderWithConfig(config: object | null) {
  document.getElementById('site-config')?.remove();
  if (config) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'site-config';
    script.textContent = JSON.stringify(config);
    document.head.append(script);
  }
  resetSiteConfig();
  return render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.getElementById('site-config')?.remove();
  resetSiteConfig();
});

describe('SiteFooter', () => {
  it('links the social profiles the server is configured with', () => {
    renderWithConfig({ instagramUrl: 'https://www.instagram.com/salacomun', facebookUrl: null });
    expect(screen.getByRole('link', { name: 'Instagram de Sala Común' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/salacomun',
    );
    expect(screen.queryByRole('link', { name: 'Facebook de Sala Común' })).toBeNull();
  });

  it('hides the social links when none is configured, or when one is not an https link', () => {
    renderWithConfig(null);
    expect(screen.queryByRole('heading', { name: 'Síguenos' })).toBeNull();
    expect(screen.queryByRole('link', { name: /de Sala Común$/ })).toBeNull();
    renderWithConfig({ instagramUrl: 'javascript:alert(1)', facebookUrl: 'http://facebook.com/x' });
    expect(screen.queryByRole('heading', { name: 'Síguenos' })).toBeNull();
  });

  it('leads to the branches', () => {
    renderWithConfig(null);
    expect(screen.getByRole('link', { name: 'Sucursales' })).toHaveAttribute('href', '/sucursales');
    expect(screen.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contacto');
  });
});
