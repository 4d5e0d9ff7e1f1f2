import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TCatalogResponse } from '@sala/shared/catalog/catalog.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { withNavigation } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { LoginForm } from '../../auth/components/login-form';
import { basic, line, pro, product } from '../test-fixtures';
import { CatalogSections } from './catalog-sections';

const notify = spyOnToasts();

const cleaning = product('b0000000-0000-4000-8000-000000000004', 'Sanitización profunda de sala', 45_000, 0);
const catalog: TCatalogResponse = { packages: [basic, pro], services: [cleaning] };

/** A fake API: the catalog, the session (null until the login answers) and the login. */
function fakeApi(initialUser: TSessionUser | null) {
  const state = { user: initialUser };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/catalog') return jsonResponse(catalog);
      if (url === '/api/auth/session') return jsonResponse({ user: state.user });
      if (url === '/api/auth/login' && init?.method === 'POST') {
        state.user = sessionClient();
        return jsonResponse({ user: state.user });
      }
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
}

function renderStore(url: string) {
  const client = testQueryClient();
  const router = createMemoryRouter(
    withNavigation([
      { path: '/comprar', element: <CatalogSections /> },
      { path: '/registro/iniciar-sesion', element: <LoginForm /> },
      { path: '/perfil', element: <p>Perfil</p> },
    ]),
    { initialEntries: [url] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const storedCart = () => JSON.parse(localStorage.getItem('cart') ?? '[]');

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CatalogSections: adding to the cart', () => {
  it('sends a visitor to the login and, once logged in, back to the store with the product in the cart', async () => {
    fakeApi(null);
    const user = userEvent.setup();
    const router = renderStore('/comprar');
    await user.click(
      await screen.findByRole('button', { name: /Agregar al carrito \(Paquete Profesional\)/ }),
    );
    expect(notify.error).toHaveBeenCalledWith('Debes iniciar sesión para agregar productos al carrito');
    await waitFor(() => expect(router.state.location.pathname).toBe('/registro/iniciar-sesion'));
    expect(storedCart()).toEqual([]);

    await user.type(screen.getByLabelText('Correo electrónico'), 'cliente@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    await waitFor(() => expect(storedCart()).toEqual([line(pro, 1)]));
    expect(notify.success).toHaveBeenCalledWith('Paquete agregado al carrito');
    // Back where the visitor was, without the parameter that carried the product (a reload adds nothing).
    expect(router.state.location.pathname).toBe('/comprar');
    expect(router.state.location.search).toBe('');
  });

  it('adds the product a returning visitor asked for only once', async () => {
    fakeApi(sessionClient());
    const router = renderStore(`/comprar?agregar=${basic.id}`);
    await waitFor(() => expect(storedCart()).toEqual([line(basic, 1)]));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(notify.success).toHaveBeenCalledTimes(1);
  });

  it('names a service as a service, a package as a package', async () => {
    fakeApi(sessionClient());
    const user = userEvent.setup();
    renderStore('/comprar');
    await user.click(await screen.findByRole('button', { name: /\(Sanitización profunda de sala\)/ }));
    expect(notify.success).toHaveBeenLastCalledWith('Servicio agregado al carrito');
    await user.click(screen.getByRole('button', { name: /\(Paquete Básico\)/ }));
    expect(notify.success).toHaveBeenLastCalledWith('Paquete agregado al carrito');
  });
});

describe('CatalogSections: prices', () => {
  it('shows each price as stored, centavos included, and that it includes IVA (issue 39)', async () => {
    const sessionRoom = product('b0000000-0000-4000-8000-000000000005', 'Media sesión', 9_950, 1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/catalog'
          ? jsonResponse({ packages: [sessionRoom, basic], services: [] })
          : jsonResponse({ user: null }),
      ),
    );
    renderStore('/comprar');
    const cards = await screen.findAllByRole('article');
    expect(cards[0]).toHaveTextContent('Media sesión$99.50MXNIVA incluido');
    expect(cards[1]).toHaveTextContent('Paquete Básico$1,250MXNIVA incluido');
  });

  it('says how long the credits of a package last, and nothing for credits that never expire (issue 44)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/catalog'
          ? jsonResponse({ packages: [{ ...pro, validityDays: 60 }, basic], services: [] })
          : jsonResponse({ user: null }),
      ),
    );
    renderStore('/comprar');
    const cards = await screen.findAllByRole('article');
    // The words arrive with their own chunk (product-card.tsx).
    expect(await within(cards[0]!).findByText('Vigencia: 60 días')).toBeVisible();
    expect(cards[1]).not.toHaveTextContent('Vigencia');
  });
});
