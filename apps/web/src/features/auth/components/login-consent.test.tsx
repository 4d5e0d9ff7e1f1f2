import { currentVersion, PRIVACY_NOTICE_VERSIONS, TERMS_VERSIONS } from '@sala/shared/legal/legal.rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { withNavigation } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { LoginForm } from './login-form';

const notify = spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogin() {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      posts.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/login') return jsonResponse({ user: sessionClient(), consentNeeded: true });
      if (url === '/api/me/consents') return jsonResponse({ message: 'Gracias: registramos tu aceptación.' });
      return jsonResponse({ user: sessionClient() });
    }),
  );
  const client = testQueryClient();
  const router = createMemoryRouter(
    withNavigation([
      { path: '/registro/iniciar-sesion', element: <LoginForm /> },
      { path: '/perfil', element: <p>Perfil</p> },
    ]),
    { initialEntries: ['/registro/iniciar-sesion'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posts, router, user: userEvent.setup() };
}

describe('a login that must accept the privacy notice and terms again', () => {
  it('asks before going on, records the acceptance of today’s versions, then goes on', async () => {
    const { posts, router, user } = renderLogin();
    await user.type(screen.getByLabelText('Correo electrónico'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Antes de continuar' });
    expect(router.state.location.pathname).toBe('/registro/iniciar-sesion');
    expect(within(dialog).getByRole('link', { name: 'aviso de privacidad' })).toHaveAttribute(
      'href',
      '/aviso-de-privacidad',
    );
    expect(within(dialog).getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute(
      'href',
      '/terminos',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Acepto' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(posts.find((p) => p.url === '/api/me/consents')?.body).toEqual({
      privacyVersion: currentVersion(PRIVACY_NOTICE_VERSIONS).version,
      termsVersion: currentVersion(TERMS_VERSIONS).version,
    });
    expect(notify.success).toHaveBeenCalledWith('Has iniciado sesion');
  });
});
