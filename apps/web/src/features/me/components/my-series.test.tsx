import { bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import type { TMySeries } from '@sala/shared/bookings/series.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { MySeries } from './my-series';

const notify = spyOnToasts();

const SERIES = 'b1000000-0000-4000-8000-000000000001';
const series = (over: Partial<TMySeries> = {}): TMySeries => ({
  id: SERIES,
  everyWeeks: 1,
  weekday: 'martes',
  hour: '10:00',
  cityName: 'Ciudad de México',
  branchName: 'Valle',
  roomName: 'Sala 2',
  booked: 8,
  standing: 6,
  cancellable: 5,
  nextDate: '2030-01-08',
  ...over,
});

function renderWith(
  list: TMySeries[],
  cancel = () => jsonResponse({ cancelled: 5, refunded: 5, balance: 12 }),
) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        return cancel();
      }
      return jsonResponse(list);
    }),
  );
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MySeries />
    </QueryClientProvider>,
  );
  return { posts, client };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('Mis reservas fijas', () => {
  it('names each series as a client does and says how many of its sessions stand', async () => {
    renderWith([series()]);
    const card = await screen.findByTestId('my-series');
    expect(within(card).getByRole('heading', { name: 'Martes 10:00 · Valle · Sala 2' })).toBeVisible();
    expect(card).toHaveTextContent('Cada semana · 6 de 8 sesiones · la próxima: martes 8 de enero de 2030');
  });

  it('cancels the rest after saying what happens, and reports it', async () => {
    const user = userEvent.setup();
    const { posts } = renderWith([series()]);
    await user.click(
      await screen.findByRole('button', { name: 'Cancelar las que faltan de Martes 10:00 · Valle · Sala 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar las que faltan' });
    expect(dialog).toHaveTextContent(
      'Se cancelan las 5 sesiones de Martes 10:00 · Valle · Sala 2 que empiezan en más de 24 horas',
    );
    expect(dialog).toHaveTextContent('las que empiezan antes se quedan');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar las sesiones' }));
    expect(posts).toEqual([`/api/me/series/${SERIES}/cancel`]);
    expect(notify.success).toHaveBeenCalledWith(m.seriesCancelled(5, 5));
  });

  it('says why nothing can be cancelled when the rest starts within 24 hours', async () => {
    renderWith([series({ standing: 1, cancellable: 0 })]);
    expect(await screen.findByText(m.seriesNothingToCancel)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Cancelar las que faltan/ })).toBeNull();
  });

  it('shows nothing to a client without standing slots', async () => {
    const { client } = renderWith([]);
    await vi.waitFor(() => expect(client.getQueryState(['me', 'series'])?.status).toBe('success'));
    expect(screen.queryByRole('heading', { name: 'Mis reservas fijas' })).toBeNull();
  });
});
