import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { withNavigation } from '../../../test/router';
import { routes } from '../../router';
import AdminMessagesPage from './mensajes';

let calls: string[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url.startsWith('/api/whatsapp/messages'))
        return jsonResponse({ rows: [], total: 0, page: 1, pageSize: 10, channel: false });
      return jsonResponse({ rows: [], total: 0, page: 1, pageSize: 10, mailServer: true });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(path: string) {
  const router = createMemoryRouter(
    withNavigation([{ path: '/admin/mensajes', element: <AdminMessagesPage /> }]),
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('Administración → Mensajes', () => {
  it('opens on the e-mails; the WhatsApp tab shows its messages and stays in the address', async () => {
    const router = renderPage('/admin/mensajes');
    expect(screen.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    const tabs = screen.getByRole('tablist', { name: 'Canal' });
    expect(within(tabs).getByRole('tab', { name: 'Correos' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Correos' })).toBeVisible();
    // The WhatsApp messages are asked for only when their tab opens.
    expect(calls.some((url) => url.startsWith('/api/whatsapp/'))).toBe(false);

    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'WhatsApp' }));
    expect(await screen.findByRole('table', { name: 'Mensajes de WhatsApp' })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Correos' })).toBeNull();
    expect(screen.getByRole('tabpanel', { name: 'WhatsApp' })).toHaveTextContent(
      'WhatsApp no está configurado en este servidor',
    );
    expect(router.state.location.search).toBe('?canal=whatsapp');
  });

  it('opens on WhatsApp from its address', async () => {
    renderPage('/admin/mensajes?canal=whatsapp');
    expect(screen.getByRole('tab', { name: 'WhatsApp' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: 'Mensajes de WhatsApp' })).toBeVisible();
  });

  it('keeps /admin/correos, the old address, leading here', () => {
    const admin = routes[0]!.children![1]!;
    const old = admin.children!.find((route) => route.path === 'correos')!;
    expect(old.element).toMatchObject({ props: { to: '/admin/mensajes', replace: true } });
    expect(admin.children!.some((route) => route.path === 'mensajes')).toBe(true);
  });
});
