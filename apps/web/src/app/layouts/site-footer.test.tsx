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
  it('links the social profiles the business set', () => {
    renderWithConfig({ instagramUrl: 'https://www.instagram.com/salacomun', facebookUrl: null });
    expect(screen.getByRole('link', { name: 'Instagram de Sala Común' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/salacomun',
    );
    expect(screen.queryByRole('link', { name: 'Facebook de Sala Común' })).toBeNull();
  });

  it('hides the social links when none is set, or when one is not an https link', () => {
    renderWithConfig(null);
    expect(screen.queryByRole('heading', { name: 'Contacto' })).toBeNull();
    expect(screen.queryByRole('link', { name: /de Sala Común$/ })).toBeNull();
    renderWithConfig({ instagramUrl: 'javascript:alert(1)', facebookUrl: 'http://facebook.com/x' });
    expect(screen.queryByRole('heading', { name: 'Contacto' })).toBeNull();
    expect(screen.queryByRole('link', { name: /de Sala Común$/ })).toBeNull();
  });

  it("gives the business's phone to call and its WhatsApp to chat (issue 39)", () => {
    renderWithConfig({ phone: '5512345678', whatsapp: '5587654321', instagramUrl: null, facebookUrl: null });
    expect(screen.getByRole('heading', { name: 'Contacto' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Teléfono: 55 1234 5678' })).toHaveAttribute(
      'href',
      'tel:+525512345678',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp: 55 8765 4321' })).toHaveAttribute(
      'href',
      'https://wa.me/525587654321',
    );
  });

  it('shows no number the server did not give as 10 digits', () => {
    renderWithConfig({ phone: '55 1234', whatsapp: '<b>1</b>' });
    expect(screen.queryByRole('link', { name: /Teléfono|WhatsApp/ })).toBeNull();
  });

  it('carries the copyright line and the legal pages', () => {
    renderWithConfig(null);
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year}`).parentElement).toHaveTextContent(
      `© ${year} Sala Común. Todos los derechos reservados.`,
    );
    expect(screen.getByRole('link', { name: 'Aviso de privacidad' })).toHaveAttribute(
      'href',
      '/aviso-de-privacidad',
    );
  });

  it('leads to the branches', () => {
    renderWithConfig(null);
    expect(screen.getByRole('link', { name: 'Sucursales' })).toHaveAttribute('href', '/sucursales');
    expect(screen.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/contacto');
  });
});
