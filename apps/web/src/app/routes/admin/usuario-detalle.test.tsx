import type { TRole } from '@sala/shared/auth/roles';
import type { TSessionUser } from '@sala/shared/auth/session.contract';
import type { TUser } from '@sala/shared/users/users.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import AdminUserDetailPage from './usuario-detalle';

// The client's account and fiscal data have tests of their own; here only what issue 45 adds to the page.
vi.mock('../../../features/users/components/client-account', () => ({
  ClientAccount: () => null,
  AdjustCreditsDialog: () => null,
}));
vi.mock('../../../features/invoicing/components/my-fiscal-profile', () => ({
  FiscalProfileSection: () => null,
}));

const ME = 'a1000000-0000-4000-8000-000000000001';
const OTHER = 'a1000000-0000-4000-8000-000000000002';

const person = (id: string, role: TRole, overrides: Partial<TSessionUser> = {}): TUser => ({
  ...sessionClient({
    id,
    name: id === ME ? 'Sofía Ramírez' : 'Jorge Hernández',
    role,
    isAdmin: role !== 'user',
    isSuperAdmin: role === 'superadmin',
    ...overrides,
  }),
  createdAt: '2029-11-02T16:00:00.000Z',
});

function renderPage(viewer: TRole, shown: TUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === `/api/users/${shown.id}`) return jsonResponse(shown);
      if (url === `/api/users/${shown.id}/logins`) return jsonResponse([]);
      if (url === '/api/branches/options') return jsonResponse([]);
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
  const queries = testQueryClient();
  queries.setQueryData(queryKeys.session, person(ME, viewer));
  render(
    <QueryClientProvider client={queries}>
      <MemoryRouter initialEntries={[`/admin/usuarios/${shown.id}`]}>
        <Routes>
          <Route path="/admin/usuarios/:id" element={<AdminUserDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin/usuarios/:id and issue 45', () => {
  it('gives the super admin the branch, the second factor and the open logins of a staff account', async () => {
    renderPage('superadmin', person(OTHER, 'admin', { twoFactorEnabled: true }));
    expect(await screen.findByRole('region', { name: 'Sucursal' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Solo su sucursal' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Seguridad' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Sesiones abiertas' })).toBeVisible();
  });

  it('gives a client no branch, and no second factor it does not have', async () => {
    renderPage('superadmin', person(OTHER, 'user'));
    expect(await screen.findByRole('region', { name: 'Sesiones abiertas' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seguridad' })).not.toBeInTheDocument();
  });

  it('on one’s own page: the branch without "Solo su sucursal", and the rest in Mi Perfil', async () => {
    renderPage('superadmin', person(ME, 'superadmin', { twoFactorEnabled: true }));
    expect(await screen.findByRole('region', { name: 'Sucursal' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Solo su sucursal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sesiones abiertas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seguridad' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi Perfil' })).toHaveAttribute('href', '/perfil#seguridad');
  });

  it('shows an admin none of it', async () => {
    renderPage('admin', person(OTHER, 'admin', { twoFactorEnabled: true }));
    expect(await screen.findByRole('heading', { name: 'Jorge Hernández', level: 1 })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sucursal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sesiones abiertas' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Seguridad' })).not.toBeInTheDocument();
  });
});
