import type {
  TCalendarFeedAddress,
  TMyCalendarFeed,
} from '@sala/shared/calendar-feeds/calendar-feed.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { ADDRESS_COPIED } from './feed-address';
import { MyCalendarFeedSection, calendarFeedMessages as m } from './my-calendar-feed';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const made = (token = TOKEN): TCalendarFeedAddress => ({
  url: `https://salacomun.mx/calendario/${token}.ics`,
  webcalUrl: `webcal://salacomun.mx/calendario/${token}.ics`,
  createdAt: '2026-12-03T17:00:00.000Z',
});

type Call = { url: string; method: string };
let calls: Call[];
let feed: TMyCalendarFeed;
let answers: TCalendarFeedAddress[];
const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');

function renderSection() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'POST') {
        const address = answers.shift()!;
        feed = { active: true, createdAt: address.createdAt };
        return jsonResponse(address);
      }
      if (method === 'DELETE') {
        feed = { active: false, createdAt: null };
        return jsonResponse({ revoked: true });
      }
      return jsonResponse(feed);
    }),
  );
  // userEvent.setup() installs its own clipboard: ours goes in after it.
  const user = userEvent.setup();
  const writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value: { writeText } });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MyCalendarFeedSection />
    </QueryClientProvider>,
  );
  return { user, writeText };
}

beforeEach(() => {
  calls = [];
  feed = { active: false, createdAt: null };
  answers = [made(), made('ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-zyxwv')];
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (original) Object.defineProperty(window.navigator, 'clipboard', original);
  else Reflect.deleteProperty(window.navigator, 'clipboard');
});

describe('Agregar a mi calendario (/perfil)', () => {
  it('shows the address only once it is made, copies it and opens it in the calendar app', async () => {
    const { user, writeText } = renderSection();
    const section = screen.getByRole('region', { name: 'Agregar a mi calendario' });
    expect(section).toHaveTextContent('Cualquiera que tenga la dirección puede ver tus sesiones');
    expect(section).toHaveTextContent('las que se cancelan aparecen como canceladas');
    const create = await within(section).findByRole('button', { name: 'Crear mi dirección de calendario' });
    expect(within(section).queryByRole('textbox')).toBeNull();

    await user.click(create);
    const input = await within(section).findByLabelText('Tu dirección de calendario');
    expect(input).toHaveValue(made().url);
    expect(input).toHaveAttribute('readonly');
    expect(notify.success).toHaveBeenCalledWith(m.created);
    expect(within(section).getByRole('link', { name: 'Abrir en mi calendario' })).toHaveAttribute(
      'href',
      made().webcalUrl,
    );
    expect(within(section).getByRole('heading', { name: 'Google Calendar (en computadora)' })).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'iPhone' })).toBeVisible();

    await user.click(within(section).getByRole('button', { name: 'Copiar dirección' }));
    expect(writeText).toHaveBeenCalledWith(made().url);
    expect(notify.success).toHaveBeenCalledWith(ADDRESS_COPIED);

    // Made once: the address came in the POST's answer, and the status asked again after it keeps it on screen.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { url: '/api/me/calendar-feed', method: 'POST' },
    ]);
    expect(within(section).getByLabelText('Tu dirección de calendario')).toHaveValue(made().url);
    expect(within(section).getByRole('button', { name: 'Cambiar la dirección' })).toBeVisible();
  });

  it('an address made before is not shown: it says since when, and changing it warns and shows the new one', async () => {
    feed = { active: true, createdAt: '2026-12-03T17:00:00.000Z' };
    const { user } = renderSection();
    const section = screen.getByRole('region', { name: 'Agregar a mi calendario' });
    expect(
      await within(section).findByText(
        /Tienes una dirección activa desde el jueves 3 de diciembre de 2026\. Por seguridad solo la mostramos al crearla: si no la guardaste, cámbiala\./,
      ),
    ).toBeVisible();
    expect(within(section).queryByRole('textbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Crear mi dirección de calendario' })).toBeNull();

    await user.click(within(section).getByRole('button', { name: 'Cambiar la dirección' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar la dirección' });
    expect(dialog).toHaveTextContent(m.replaceWarning);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cambiar la dirección' }));
    expect(await within(section).findByLabelText('Tu dirección de calendario')).toHaveValue(made().url);
    expect(notify.success).toHaveBeenCalledWith(m.replaced);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Desactivar asks first, then deletes the address and offers to make a new one', async () => {
    feed = { active: true, createdAt: '2026-12-03T17:00:00.000Z' };
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Desactivar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar la dirección' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.revoked));
    expect(calls).toContainEqual({ url: '/api/me/calendar-feed', method: 'DELETE' });
    expect(await screen.findByRole('button', { name: 'Crear mi dirección de calendario' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Desactivar' })).toBeNull();
  });
});
