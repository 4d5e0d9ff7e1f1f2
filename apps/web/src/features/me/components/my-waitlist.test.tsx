import type { TWaitlistEntry } from '@sala/shared/bookings/waitlist.contract';
import { waitlistMessages } from '@sala/shared/bookings/waitlist.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { MyWaitlist } from './my-waitlist';

const notify = spyOnToasts();

const ENTRY = 'c1000000-0000-4000-8000-000000000001';
const entry = (over: Partial<TWaitlistEntry> = {}): TWaitlistEntry => ({
  id: ENTRY,
  branchId: 'c1000000-0000-4000-8000-0000000000b1',
  branchName: 'Valle',
  cityName: 'Ciudad de México',
  startsAt: '2030-01-09T16:00:00.000Z',
  date: '2030-01-09',
  hour: '10:00',
  autoBook: true,
  minNoticeHours: 12,
  position: 2,
  ...over,
});

function renderWith(lists: TWaitlistEntry[][]) {
  const calls: { url: string; method: string }[] = [];
  let answer = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return jsonResponse(lists[Math.min(answer++, lists.length - 1)]);
    }),
  );
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MyWaitlist />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  notify.success.mockReset();
});

describe('MyWaitlist (/perfil)', () => {
  it('names each hour waited for, the place in line and what happens when a room frees up', async () => {
    renderWith([
      [entry(), entry({ id: 'c1000000-0000-4000-8000-000000000002', autoBook: false, position: 1 })],
    ]);
    const cards = await screen.findAllByTestId('my-waitlist');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent(
      'miércoles 9 de enero de 2030, 10:00 · Valle',
    );
    expect(cards[0]).toHaveTextContent(
      'Lugar 2 en la lista · te la reservamos si se libera con 12 horas de anticipación o más',
    );
    // No site configuration in the test: a site that sends no e-mail promises none (issue 39).
    expect(cards[1]).toHaveTextContent(
      'Lugar 1 en la lista · sin aviso: este sitio todavía no envía correos',
    );
  });

  it('no longer promises to book an hour closer than its notice: it only tells', async () => {
    // Wednesday 9 January at 08:15 in Mexico City: the 10:00 is 1 h 45 min away, inside any notice.
    freezeClock(new Date('2030-01-09T14:15:00Z'));
    try {
      renderWith([[entry({ minNoticeHours: 12 })]]);
      const [card] = await screen.findAllByTestId('my-waitlist');
      // What the list does instead is the waiting note (its wording is the e-mail's own business).
      expect(card).toHaveTextContent('Lugar 2 en la lista ·');
      expect(card).toHaveTextContent('(faltan menos de 12 horas: ya no alcanzamos a reservártela)');
      expect(card).not.toHaveTextContent('te la reservamos');
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a line, says so and refreshes the list', async () => {
    const calls = renderWith([[entry()], []]);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', {
        name: 'Salir de la lista de espera del miércoles 9 de enero de 2030, 10:00 · Valle',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('my-waitlist')).toBeNull());
    expect(calls).toContainEqual({ url: `/api/me/waitlist/${ENTRY}`, method: 'DELETE' });
    expect(notify.success).toHaveBeenCalledWith(waitlistMessages.left);
  });

  it('shows nothing for a client who waits for nothing', async () => {
    const calls = renderWith([[]]);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Mis listas de espera' })).toBeNull();
  });
});
