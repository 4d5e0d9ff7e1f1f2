import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { jsonResponse, sessionClient } from '../../test/fixtures';
import { withNavigation } from '../../test/router';
import { AdminLayout } from './admin-layout';

const staff = sessionClient({ name: 'Sofía Ramírez', role: 'admin', isAdmin: true, credits: 0 });

/** A staff screen: it asks the API for its figures. */
function Screen() {
  const figures = useQuery({
    queryKey: ['figures'],
    queryFn: () => apiRequest<{ total: number }>('/figures'),
  });
  return <p>Pantalla del personal {figures.data?.total}</p>;
}

/** The session answers as `sessions` say in turn (the last from then on); the screen's figures as `figures`. */
function renderAdmin(sessions: { mustEnrolTwoFactor?: boolean }[], figures: () => Response) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/auth/session') {
      const next = sessions.length > 1 ? sessions.shift()! : sessions[0]!;
      return jsonResponse({ user: staff, ...next });
    }
    if (url === '/api/figures') return figures();
    return jsonResponse({ error: { code: 'not-found', message: 'No encontrado.' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    withNavigation([
      { path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <Screen /> }] },
      { path: '/perfil', element: <p>Mi perfil</p> },
    ]),
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetch, router };
}

const asked = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls.filter(([url]) => url === path).length;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the admin area while the account must turn the second factor on (issue 45)', () => {
  it('shows why instead of the staff screens, and leads to Mi perfil → Seguridad', async () => {
    const { fetch, router } = renderAdmin([{ mustEnrolTwoFactor: true }], () => jsonResponse({ total: 3 }));
    expect(await screen.findByRole('heading', { name: 'Activa la verificación en dos pasos' })).toBeVisible();
    expect(screen.getByText(sm.enrolFirst)).toBeVisible();
    expect(screen.queryByText(/Pantalla del personal/)).toBeNull();
    expect(asked(fetch, '/api/figures')).toBe(0);
    // The menu stays, to log out or go back to the site.
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

    const link = screen.getByRole('link', { name: 'Ir a Seguridad en Mi perfil' });
    expect(link).toHaveAttribute('href', '/perfil#seguridad');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(router.state.location.hash).toBe('#seguridad');
  });

  it('shows the screens to an account that needs nothing more', async () => {
    renderAdmin([{ mustEnrolTwoFactor: false }], () => jsonResponse({ total: 3 }));
    expect(await screen.findByText('Pantalla del personal 3')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Activa la verificación en dos pasos' })).toBeNull();
  });

  it('closes the screens as soon as a staff request is refused for want of the second factor', async () => {
    const { fetch } = renderAdmin([{ mustEnrolTwoFactor: false }, { mustEnrolTwoFactor: true }], () =>
      jsonResponse(
        { error: { code: 'permission-denied', message: sm.enrolFirst, fields: { secondFactor: 'enrol' } } },
        403,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Activa la verificación en dos pasos' })).toBeVisible();
    expect(asked(fetch, '/api/auth/session')).toBe(2);
    expect(screen.queryByText(/Pantalla del personal/)).toBeNull();
  });
});
