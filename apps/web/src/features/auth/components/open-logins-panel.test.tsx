import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { openLoginsMessages as m, OpenLoginsPanel } from './open-logins-panel';

const login = (id: number, over: Partial<TOpenLogin> = {}): TOpenLogin => ({
  id: `e0000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  browser: 'Chrome 131',
  system: 'Windows 10',
  ip: '201.141.20.7',
  createdAt: '2026-12-01T16:00:00.000Z',
  lastSeenAt: '2026-12-03T17:05:00.000Z',
  persistent: false,
  current: false,
  ...over,
});

const here = login(1, { current: true, lastSeenAt: '2026-12-03T18:00:00.000Z' });
const phone = login(2, { browser: 'Safari', system: 'iOS 18.1', ip: null });
const office = login(3, {
  browser: 'Firefox 133',
  system: 'Ubuntu',
  persistent: true,
  lastSeenAt: '2026-12-03T17:30:00.000Z',
});

type Call = { url: string; method: string };
let calls: Call[];
let logins: TOpenLogin[];

function renderPanel() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'DELETE') {
        logins = logins.filter((l) => !url.endsWith(l.id));
        return new Response(null, { status: 204 });
      }
      if (url === '/api/me/logins/end-others') {
        const ended = logins.filter((l) => !l.current).length;
        logins = logins.filter((l) => l.current);
        return jsonResponse({ ended });
      }
      return jsonResponse(logins);
    }),
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <OpenLoginsPanel />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), panel: screen.getByRole('region', { name: 'Sesiones abiertas' }) };
}

const rows = (panel: HTMLElement) => within(within(panel).getByRole('list')).getAllByRole('listitem');

beforeEach(() => {
  calls = [];
  logins = [phone, here, office];
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Sesiones abiertas (/perfil → Seguridad)', () => {
  it('lists each browser, this one first, and ends another one', async () => {
    const { user, panel } = renderPanel();
    await within(panel).findByRole('list');
    expect(rows(panel).map((row) => row.getAttribute('aria-label'))).toEqual([
      'Chrome 131 · Windows 10',
      'Firefox 133 · Ubuntu',
      'Safari · iOS 18.1',
    ]);
    const [current, , iphone] = rows(panel);
    expect(within(current!).getByText('Este navegador')).toBeVisible();
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(current).toHaveTextContent('Dirección IP 201.141.20.7');
    expect(current).toHaveTextContent('Desde el 1 de diciembre de 2026');
    expect(current).toHaveTextContent('Última actividad 3 dic 2026, 12:00');
    expect(iphone).toHaveTextContent('Dirección IP desconocida');
    expect(within(iphone!).queryByText('Este navegador')).toBeNull();

    await user.click(within(iphone!).getByRole('button', { name: 'Cerrar la sesión de Safari · iOS 18.1' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.ended('Safari · iOS 18.1')));
    expect(calls).toContainEqual({ url: `/api/me/logins/${phone.id}`, method: 'DELETE' });
    await waitFor(() => expect(rows(panel)).toHaveLength(2));
    expect(within(panel).queryByText('Safari · iOS 18.1')).toBeNull();
  });

  it('ends every other login after asking, and then has none to end', async () => {
    const { user, panel } = renderPanel();
    await within(panel).findByRole('list');
    await user.click(within(panel).getByRole('button', { name: 'Cerrar sesión en todos los demás' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar las demás sesiones' });
    expect(dialog).toHaveTextContent(m.endOthersWarning);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesiones' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.endedOthers(2)));
    expect(m.endedOthers(2)).toBe('Cerramos 2 sesiones en otros navegadores.');
    expect(calls).toContainEqual({ url: '/api/me/logins/end-others', method: 'POST' });
    await waitFor(() => expect(rows(panel)).toHaveLength(1));
    expect(within(panel).getByRole('button', { name: 'Cerrar sesión en todos los demás' })).toBeDisabled();
  });

  it('says why when the API refuses to end a login', async () => {
    const { user, panel } = renderPanel();
    await within(panel).findByRole('list');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ error: { code: 'not-found', message: 'Esa sesión ya no está abierta.' } }, 404),
      ),
    );
    await user.click(within(panel).getByRole('button', { name: 'Cerrar la sesión de Firefox 133 · Ubuntu' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Esa sesión ya no está abierta.', { id: 'open-logins' }),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });
});
