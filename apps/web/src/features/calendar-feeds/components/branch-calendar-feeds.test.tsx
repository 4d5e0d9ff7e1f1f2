import type { TBranchCalendarFeeds } from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { BranchCalendarFeeds } from './branch-calendar-feeds';

const VALLE = 'd1000000-0000-4000-8000-0000000000b1';
const POLANCO = 'd1000000-0000-4000-8000-0000000000b2';
const URL_VALLE = 'https://salacomun.mx/calendario/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde.ics';

let calls: { url: string; method: string }[];
let items: TBranchCalendarFeeds['items'];

beforeEach(() => {
  calls = [];
  items = [
    { branchId: VALLE, branchName: 'Valle', cityName: 'CDMX', active: false, createdAt: null },
    {
      branchId: POLANCO,
      branchName: 'Polanco',
      cityName: 'CDMX',
      active: true,
      createdAt: '2026-12-03T17:00:00.000Z',
    },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      const id = /\/branches\/([^/]+)\/calendar-feed$/.exec(url)?.[1];
      const item = items.find((row) => row.branchId === id);
      if (method === 'POST' && item) {
        Object.assign(item, { active: true, createdAt: '2026-12-04T17:00:00.000Z' });
        return jsonResponse({
          url: URL_VALLE,
          webcalUrl: URL_VALLE.replace('https://', 'webcal://'),
          createdAt: '2026-12-04T17:00:00.000Z',
        });
      }
      if (method === 'DELETE' && item) {
        Object.assign(item, { active: false, createdAt: null });
        return jsonResponse({ revoked: true });
      }
      return jsonResponse({ items });
    }),
  );
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderFeeds = () =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <BranchCalendarFeeds />
    </QueryClientProvider>,
  );

const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('li')!;

describe('Calendario del personal (/admin/consultorios, super admin)', () => {
  it('lists each branch with its state, and shows a new address once, with its copy button', async () => {
    renderFeeds();
    const section = screen.getByRole('region', { name: 'Calendario del personal' });
    expect(section).toHaveTextContent('solo el nombre de pila del cliente');
    expect(section).toHaveTextContent('Cualquiera que tenga la dirección puede leerla');
    const list = await screen.findByRole('list', { name: 'Calendario del personal por sucursal' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    // A list, not a second table on Consultorios.
    expect(screen.queryByRole('table')).toBeNull();
    expect(rowOf('Valle')).toHaveTextContent('Sin dirección');
    expect(rowOf('Polanco')).toHaveTextContent('Activo desde el 3 de diciembre de 2026');
    expect(within(rowOf('Polanco')).queryByRole('button', { name: /^Crear/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear dirección de Valle (CDMX)' }));
    expect(await screen.findByLabelText('Dirección del calendario de Valle (CDMX)')).toHaveValue(URL_VALLE);
    expect(screen.getByRole('button', { name: 'Copiar dirección' })).toBeVisible();
    expect(calls).toContainEqual({ url: `/api/branches/${VALLE}/calendar-feed`, method: 'POST' });
    expect(notify.success).toHaveBeenCalledWith('La dirección del calendario de Valle (CDMX) está lista.');
    await waitFor(() => expect(rowOf('Valle')).toHaveTextContent('Activo desde el'));

    await user.click(screen.getByRole('button', { name: 'Ya la guardé' }));
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('changing or revoking an address asks first', async () => {
    renderFeeds();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cambiar dirección de Polanco (CDMX)' }));
    const change = await screen.findByRole('dialog', { name: 'Cambiar la dirección de Polanco (CDMX)' });
    expect(change).toHaveTextContent('La dirección anterior dejará de funcionar de inmediato');
    await user.click(within(change).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revocar la dirección de Polanco (CDMX)' }));
    const revoke = await screen.findByRole('dialog', { name: 'Revocar la dirección de Polanco (CDMX)' });
    await user.click(within(revoke).getByRole('button', { name: 'Revocar' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Revocamos la dirección del calendario de Polanco (CDMX).'),
    );
    expect(calls).toContainEqual({ url: `/api/branches/${POLANCO}/calendar-feed`, method: 'DELETE' });
    await waitFor(() => expect(rowOf('Polanco')).toHaveTextContent('Sin dirección'));
  });
});
