import type { TRole } from '@sala/shared/auth/roles';
import { EXAMPLE_LEGAL_FACTS, type TLegalResponse } from '@sala/shared/legal/legal.contract';
import { legalMessages as m } from '@sala/shared/legal/legal.messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import AdminDashboardPage from './panel';

const staff = (role: TRole) =>
  sessionClient({
    name: 'Sofía Ramírez',
    email: 'sofia@example.com',
    role,
    isAdmin: true,
    isSuperAdmin: role === 'superadmin',
    credits: 0,
  });

const legal = (over: Partial<TLegalResponse>): TLegalResponse => ({
  facts: EXAMPLE_LEGAL_FACTS,
  isExample: true,
  privacyVersion: '2026-11',
  termsVersion: '2026-11',
  ...over,
});

function renderPanel(role: TRole, answer: TLegalResponse) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/auth/session') return jsonResponse({ user: staff(role) });
    if (url === '/api/legal') return jsonResponse(answer);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AdminDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetch, queryClient };
}

afterEach(() => vi.unstubAllGlobals());

describe('the /admin panel and the legal facts', () => {
  it('tells a super admin the documents show the examples, with the way to write the facts', async () => {
    renderPanel('superadmin', legal({}));
    expect(await screen.findByText(m.stillExample)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Escribir los datos legales' })).toHaveAttribute(
      'href',
      '/admin/datos-legales',
    );
  });

  it('tells a super admin when no facts are set', async () => {
    renderPanel('superadmin', legal({ facts: null, isExample: false }));
    expect(await screen.findByText(m.notSet)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Escribir los datos legales' })).toBeVisible();
  });

  it('says nothing once the facts are the business’s', async () => {
    const { queryClient } = renderPanel(
      'superadmin',
      legal({
        facts: {
          ...EXAMPLE_LEGAL_FACTS,
          legalName: 'Consultorios Roble, S.C.',
          address: 'Av. Chapultepec 480',
          privacyEmail: 'privacidad@roble.mx',
        },
        isExample: false,
      }),
    );
    await screen.findByRole('heading', { name: 'Hola, Sofía' });
    // The facts arrived (and rendered, inside RTL's waitFor) before looking for the notice.
    await waitFor(() => expect(queryClient.getQueryState(['legal'])?.status).toBe('success'));
    expect(screen.queryByTestId('legal-facts-notice')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escribir los datos legales' })).toBeNull();
  });

  it('shows an admin nothing of it, and does not even ask', async () => {
    const { fetch } = renderPanel('admin', legal({}));
    expect(await screen.findByRole('heading', { name: 'Hola, Sofía' })).toBeVisible();
    expect(screen.queryByText(m.stillExample)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Escribir los datos legales' })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain('/api/legal');
  });
});
