import { EXAMPLE_LEGAL_FACTS } from '@sala/shared/legal/legal-facts';
import type { TPrivacyRequest } from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as m } from '@sala/shared/privacy/privacy.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { PrivacyRequestsScreen } from './privacy-requests-screen';
import { dueState } from './request-cells';

const notify = spyOnToasts();

const VALERIA = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const ANA = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f60';

const request = (id: string, over: Partial<TPrivacyRequest>): TPrivacyRequest => ({
  id,
  userId: VALERIA,
  userName: 'Valeria Torres',
  userEmail: 'cliente@example.com',
  userClosed: false,
  kind: 'access',
  channel: 'email',
  status: 'open',
  receivedAt: '2029-12-06T17:00:00.000Z',
  dueOn: '2030-01-07',
  detail: 'Pide una copia de sus datos.',
  resolution: null,
  recordedByName: 'Sofía Ramírez',
  resolvedByName: null,
  resolvedAt: null,
  ...over,
});

// Tuesday 8 January 2030, 11:00 in Mexico City.
const NOW = new Date('2030-01-08T17:00:00Z');

const overdue = request('a0000000-0000-4000-8000-000000000001', {});
const dueSoon = request('a0000000-0000-4000-8000-000000000002', {
  userId: ANA,
  userName: 'Ana López',
  userEmail: 'ana@example.com',
  kind: 'cancellation',
  channel: 'in_person',
  dueOn: '2030-01-11',
  detail: 'Quiere que eliminemos su cuenta.',
});
const answered = request('a0000000-0000-4000-8000-000000000003', {
  kind: 'opposition',
  channel: 'web',
  status: 'done',
  dueOn: '2029-12-20',
  detail: 'Desactivó sus recordatorios desde su perfil.',
  recordedByName: null,
  resolution: 'Se desactivaron sus recordatorios.',
  resolvedByName: 'Valeria Torres',
  resolvedAt: '2029-11-21T18:00:00.000Z',
  userClosed: true,
});
const rows = [overdue, dueSoon, answered];

const refusal = m.closeRefusedSessions(['lunes 14 de enero de 2030 a las 10:00']);

let closeAnswer: () => Response;

function mockApi() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/legal')
      return jsonResponse({
        facts: EXAMPLE_LEGAL_FACTS,
        isExample: true,
        privacyVersion: '1',
        termsVersion: '1',
      });
    if (url.startsWith('/api/users/clients'))
      return jsonResponse([
        {
          id: VALERIA,
          name: 'Valeria Torres',
          email: 'cliente@example.com',
          phone: '3311223344',
          credits: 3,
        },
      ]);
    if (url === '/api/privacy/requests' && method === 'POST') return jsonResponse(overdue, 201);
    if (url.endsWith('/resolve')) return jsonResponse({ ...overdue, status: 'done' });
    if (url.endsWith('/close-account')) return closeAnswer();
    if (url.startsWith('/api/privacy/requests?')) {
      const params = new URL(url, 'http://x').searchParams;
      const list = rows.filter(
        (row) =>
          (!params.get('status') || row.status === params.get('status')) &&
          (!params.get('kind') || row.kind === params.get('kind')),
      );
      return jsonResponse({ rows: list, total: list.length, page: 1, pageSize: 10 });
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const posted = (fetch: ReturnType<typeof mockApi>, ending: string) =>
  fetch.mock.calls
    .filter(([url, init]) => init?.method === 'POST' && url.endsWith(ending))
    .map(([url, init]) => ({
      url,
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
    }));

function renderScreen() {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <PrivacyRequestsScreen />
    </QueryClientProvider>,
  );
}

const user = userEvent.setup();
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

beforeEach(() => {
  vi.clearAllMocks();
  freezeClock(NOW);
  closeAnswer = () => jsonResponse({ ...dueSoon, status: 'done', userClosed: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('due dates', () => {
  it('late before today, flagged from 5 days ahead, never once answered', () => {
    const today = '2030-01-08';
    expect(dueState({ status: 'open', dueOn: '2030-01-07' }, today)).toBe('overdue');
    expect(dueState({ status: 'open', dueOn: today }, today)).toBe('today');
    expect(dueState({ status: 'open', dueOn: '2030-01-13' }, today)).toBe('soon');
    expect(dueState({ status: 'open', dueOn: '2030-01-14' }, today)).toBeNull();
    expect(dueState({ status: 'done', dueOn: '2030-01-01' }, today)).toBeNull();
  });
});

describe('Privacidad (/admin/privacidad)', () => {
  it('lists each request with its labels, flags the late and the near, and shows what was answered', async () => {
    mockApi();
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Los derechos ARCO' })).toBeVisible();
    expect(screen.getByText(/20 días hábiles/)).toBeVisible();

    const late = await rowOf('Pide una copia de sus datos.');
    expect(within(late).getByText('Acceso')).toBeVisible();
    expect(within(late).getByText('Correo electrónico')).toBeVisible();
    expect(within(late).getByText('Pendiente')).toHaveAttribute('data-state', 'open');
    expect(within(late).getByText('7 ene 2030').closest('[data-state]')).toHaveAttribute(
      'data-state',
      'overdue',
    );
    expect(within(late).getByText('Vencida')).toBeVisible();
    expect(within(late).getByText('Registró: Sofía Ramírez')).toBeVisible();
    expect(within(late).getByRole('link', { name: 'Descargar sus datos (Valeria Torres)' })).toHaveAttribute(
      'href',
      `/api/privacy/requests/${overdue.id}/export`,
    );

    const near = await rowOf('Quiere que eliminemos su cuenta.');
    expect(within(near).getByText('Cancelación')).toBeVisible();
    expect(within(near).getByText('En persona')).toBeVisible();
    expect(within(near).getByText('Vence pronto')).toBeVisible();
    expect(within(near).getByRole('button', { name: 'Eliminar su cuenta (Ana López)' })).toBeVisible();

    // Answered: its past due date is not flagged, and it shows the answer, who gave it, and no actions.
    const done = await rowOf('Desactivó sus recordatorios desde su perfil.');
    expect(within(done).getByText('Oposición')).toBeVisible();
    expect(within(done).getByText('En línea (Mi perfil)')).toBeVisible();
    expect(within(done).getByText('Atendida')).toHaveAttribute('data-state', 'done');
    expect(within(done).getByText('Cuenta eliminada')).toBeVisible();
    expect(within(done).queryByText('Vencida')).toBeNull();
    expect(within(done).getByTestId('privacy-resolution')).toHaveTextContent(
      /Respuesta: Se desactivaron sus recordatorios\.Atendió: Valeria Torres/,
    );
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('filters by status and by right on the server', async () => {
    const fetch = mockApi();
    renderScreen();
    await screen.findByText('Pide una copia de sus datos.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Atendida');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Derecho' }), 'Oposición');
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)![0])).toMatch(/status=done&kind=opposition/));
    await waitFor(() => expect(screen.queryByText('Pide una copia de sus datos.')).toBeNull());
    expect(screen.getByText('Desactivó sus recordatorios desde su perfil.')).toBeVisible();
  });

  it('registers a request for a client, saying when it must be answered', async () => {
    const fetch = mockApi();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Registrar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar solicitud' });
    // 20 business days from Tuesday 8 January 2030, skipping weekends and Monday 4 February (Constitution Day).
    expect(within(dialog).getByTestId('privacy-due-date')).toHaveTextContent(
      'Se debe responder a más tardar el miércoles 6 de febrero de 2030',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await within(dialog).findAllByText(m.allFieldsRequired)).toHaveLength(3);
    expect(posted(fetch, '/api/privacy/requests')).toEqual([]);

    await user.type(within(dialog).getByRole('combobox', { name: 'Cliente' }), 'Vale');
    await user.click(await within(dialog).findByRole('option', { name: /Valeria Torres/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Derecho' }), 'Rectificación');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Medio' }), 'En persona');
    await user.type(within(dialog).getByLabelText('Detalle'), 'Su teléfono cambió a 3399887766.');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.recorded));
    expect(posted(fetch, '/api/privacy/requests')).toEqual([
      {
        url: '/api/privacy/requests',
        body: {
          userId: VALERIA,
          kind: 'rectification',
          channel: 'in_person',
          detail: 'Su teléfono cambió a 3399887766.',
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('marks a request answered only with the answer written', async () => {
    const fetch = mockApi();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Marcar como atendida (Valeria Torres)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como atendida' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    expect(await within(dialog).findByText(m.allFieldsRequired)).toBeVisible();
    expect(within(dialog).getByLabelText('Respuesta')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(fetch, '/resolve')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Respuesta'), 'Se le envió el ZIP por correo.');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como atendida' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.resolved));
    expect(posted(fetch, '/resolve')).toEqual([
      {
        url: `/api/privacy/requests/${overdue.id}/resolve`,
        body: { status: 'done', resolution: 'Se le envió el ZIP por correo.' },
      },
    ]);
  });

  it('refuses a request with the reason', async () => {
    const fetch = mockApi();
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Negar (Ana López)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Negar la solicitud' });
    await user.type(within(dialog).getByLabelText('Respuesta'), 'No se pudo confirmar su identidad.');
    await user.click(within(dialog).getByRole('button', { name: 'Negar' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.resolved));
    expect(posted(fetch, '/resolve')[0]!.body).toEqual({
      status: 'refused',
      resolution: 'No se pudo confirmar su identidad.',
    });
  });

  it('closing the account shows the API’s refusal in the dialog, then closes it when it can', async () => {
    const fetch = mockApi();
    closeAnswer = () => jsonResponse({ error: { code: 'aborted', message: refusal } }, 409);
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar su cuenta (Ana López)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar su cuenta' });
    expect(dialog).toHaveTextContent('se bloquea en este momento');
    expect(dialog).toHaveTextContent('Sus créditos se cancelan');
    expect(dialog).toHaveTextContent('después de 5 años');

    await user.click(within(dialog).getByRole('button', { name: 'Eliminar su cuenta' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog', { name: 'Eliminar su cuenta' })).toBeVisible();

    closeAnswer = () => jsonResponse({ ...dueSoon, status: 'done', userClosed: true });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar su cuenta' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.accountClosedForClient));
    expect(posted(fetch, '/close-account').map(({ url }) => url)).toEqual([
      `/api/privacy/requests/${dueSoon.id}/close-account`,
      `/api/privacy/requests/${dueSoon.id}/close-account`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
