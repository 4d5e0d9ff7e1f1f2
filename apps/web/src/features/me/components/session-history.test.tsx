import { bookingMessages, bookingMessages as m } from '@sala/shared/bookings/bookings.messages';
import type { TMySession } from '@sala/shared/users/profile.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSiteConfig } from '../../../lib/site-config';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { expiredCreditsWarning, SessionHistory } from './session-history';

const notify = spyOnToasts();

const row = (id: string, over: Partial<TMySession>): TMySession => ({
  id,
  startsAt: '2030-01-08T16:00:00.000Z',
  cityId: 'c1000000-0000-4000-8000-0000000000c1',
  cityName: 'Ciudad de México',
  branchId: 'c1000000-0000-4000-8000-0000000000b1',
  branchName: 'Valle',
  roomId: 'c1000000-0000-4000-8000-0000000000a2',
  roomName: 'Sala 2',
  creditsCharged: 1,
  cancelledAt: null,
  timing: 'beyond',
  canCancel: true,
  seriesId: null,
  expiredCredits: 0,
  ...over,
});

const BEYOND = 'a1000000-0000-4000-8000-000000000001';
const ALMOST = 'a1000000-0000-4000-8000-000000000002';
const PAST = 'a1000000-0000-4000-8000-000000000003';
const CANCELLED = 'a1000000-0000-4000-8000-000000000004';

function fakeApi(
  cancel: () => Response = () =>
    jsonResponse({
      id: BEYOND,
      cancelledAt: '2030-01-01T00:00:00.000Z',
      refunded: 1,
      balance: 10,
      isCourtesy: false,
    }),
  beyond: Partial<TMySession> = {},
) {
  let cancelled = false;
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push(url);
        const answer = cancel();
        cancelled = answer.ok;
        return answer;
      }
      if (url.startsWith('/api/me/sessions')) {
        const rows = [
          row(BEYOND, cancelled ? { cancelledAt: '2030-01-01T00:00:00.000Z', canCancel: false } : beyond),
          row(ALMOST, { timing: 'almost', canCancel: false, roomName: 'Sala 3' }),
          row(PAST, { timing: 'past', canCancel: false, startsAt: '2029-12-01T16:00:00.000Z' }),
          row(CANCELLED, { cancelledAt: '2029-12-20T10:00:00.000Z', canCancel: false }),
        ];
        return jsonResponse({ rows, total: rows.length, page: 1, pageSize: 10 });
      }
      return jsonResponse({ user: null });
    }),
  );
  return { posts };
}

function renderHistory() {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <SessionHistory />
    </QueryClientProvider>,
  );
}

const rowOf = async (state: string) => {
  const badge = await screen.findByText(state, { selector: '[data-state]' });
  return badge.closest('tr')!;
};

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('site-config')?.remove();
  resetSiteConfig();
});

describe('SessionHistory (/perfil)', () => {
  it("shows each session's state, and only what each one allows", async () => {
    fakeApi();
    renderHistory();

    const upcoming = await rowOf('Próxima');
    expect(within(upcoming).getByRole('button', { name: /^Cancelar/ })).toBeVisible();
    // A 'beyond' session moves through the wizard (design §7).
    expect(within(upcoming).getByRole('link', { name: /^Cambiar la sesión/ })).toHaveAttribute(
      'href',
      `/reserva?cambiar=${BEYOND}`,
    );
    expect(within(upcoming).getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute(
      'href',
      `/api/me/sessions/${BEYOND}/calendar`,
    );

    const almost = await rowOf('En menos de 24 h');
    expect(within(almost).queryByRole('button', { name: /Cancelar/ })).not.toBeInTheDocument();
    expect(within(almost).queryByRole('link', { name: /^Cambiar/ })).not.toBeInTheDocument();
    expect(within(almost).getByText(bookingMessages.tooLateToCancel)).toBeVisible();
    expect(within(almost).getByRole('link', { name: 'Agregar al calendario' })).toHaveAttribute('download');

    for (const state of ['Pasada', 'Cancelada']) {
      const done = await rowOf(state);
      expect(within(done).queryByRole('button')).not.toBeInTheDocument();
      expect(within(done).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it("cancels a 'Próxima' session after confirming, with the spec's toast", async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderHistory();
    await user.click(within(await rowOf('Próxima')).getByRole('button', { name: /^Cancelar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar sesión' });
    expect(dialog).toHaveTextContent('Te devolveremos 1 crédito.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar sesión' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.cancelled));
    expect(api.posts).toEqual([`/api/sessions/${BEYOND}/cancel`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getAllByText('Cancelada', { selector: '[data-state]' })).toHaveLength(2),
    );
    expect(screen.queryByText('Próxima', { selector: '[data-state]' })).not.toBeInTheDocument();
  });

  it('says before confirming that credits of an expired package come back expired (issue 44)', async () => {
    fakeApi(undefined, { creditsCharged: 2, expiredCredits: 2 });
    const user = userEvent.setup();
    renderHistory();
    await user.click(within(await rowOf('Próxima')).getByRole('button', { name: /^Cancelar/ }));
    const dialog = screen.getByRole('dialog', { name: 'Cancelar sesión' });
    expect(dialog).toHaveAccessibleDescription(
      expect.stringContaining(
        'Te devolveremos 2 créditos. 2 créditos de esta sesión son de un paquete que ya venció: al cancelar se devuelven vencidos y no se podrán usar.',
      ),
    );
  });

  it('says nothing of expiry when every credit of the session is still good', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderHistory();
    await user.click(within(await rowOf('Próxima')).getByRole('button', { name: /^Cancelar/ }));
    expect(screen.getByRole('dialog')).not.toHaveTextContent('venció');
    expect(screen.queryByTestId('expired-credits-warning')).not.toBeInTheDocument();
  });

  it('words the expiry warning for one credit and for several', () => {
    expect(expiredCreditsWarning(1)).toBe(
      '1 crédito de esta sesión es de un paquete que ya venció: al cancelar se devuelve vencido y no se podrá usar.',
    );
    expect(expiredCreditsWarning(3)).toBe(
      '3 créditos de esta sesión son de un paquete que ya venció: al cancelar se devuelven vencidos y no se podrán usar.',
    );
  });

  it("shows the API's refusal when it is too late to cancel", async () => {
    fakeApi(() => jsonResponse({ error: { code: 'aborted', message: m.tooLateToCancel } }, 409));
    const user = userEvent.setup();
    renderHistory();
    await user.click(within(await rowOf('Próxima')).getByRole('button', { name: /^Cancelar/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancelar sesión' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.tooLateToCancel));
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("tells how to reach the reception under a session of the next 24 hours, with the business's numbers (issue 39)", async () => {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'site-config';
    script.textContent = JSON.stringify({ phone: '5512345678', whatsapp: '5587654321', sendsEmail: false });
    document.head.append(script);
    resetSiteConfig();
    fakeApi();
    renderHistory();
    const almost = await rowOf('En menos de 24 h');
    expect(
      within(almost).getByText(
        'Las sesiones que empiezan en menos de 24 horas ya no se pueden cancelar. Comunícate con la recepción: llama al 55 1234 5678 o escribe por WhatsApp al 55 8765 4321.',
      ),
    ).toBeVisible();
  });
});
