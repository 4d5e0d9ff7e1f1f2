import type { TMyWhatsApp } from '@sala/shared/whatsapp/whatsapp.contract';
import { whatsappMessages as m, WHATSAPP_PURPOSE } from '@sala/shared/whatsapp/whatsapp.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../components/ui/toast';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { TestRouter } from '../../../test/router';
import { MyWhatsAppSection } from './my-whatsapp';

const off: TMyWhatsApp = {
  available: true,
  enabled: false,
  number: '+52 33 1122 3344',
  consentedAt: null,
  noticeVersion: null,
  unreachable: null,
};
const on: TMyWhatsApp = {
  ...off,
  enabled: true,
  consentedAt: '2026-12-03T17:00:00.000Z',
  noticeVersion: '2026-11-28',
};

let calls: { url: string; method: string; body: unknown }[];
let state: TMyWhatsApp;
let put: (body: { enabled: boolean }) => Response;

function renderSection() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      return method === 'PUT' ? put(body) : jsonResponse(state);
    }),
  );
  const client = testQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <TestRouter>
        <MyWhatsAppSection />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { client, view, user: userEvent.setup() };
}

beforeEach(() => {
  calls = [];
  state = off;
  put = ({ enabled }) => jsonResponse(enabled ? on : off);
  vi.spyOn(notify, 'success').mockImplementation(() => {});
  vi.spyOn(notify, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Avisos por WhatsApp (/perfil)', () => {
  it('is not there at all where the server has no WhatsApp', async () => {
    state = { ...off, available: false };
    const { client, view } = renderSection();
    await waitFor(() => expect(client.getQueryData(queryKeys.whatsapp.mine)).toEqual(state));
    expect(view.container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Avisos por WhatsApp' })).toBeNull();
  });

  it('starts off; ticking it gives the consent in the notice’s words and says since when', async () => {
    const { user } = renderSection();
    const section = await screen.findByRole('region', { name: 'Avisos por WhatsApp' });
    const checkbox = within(section).getByRole('checkbox', { name: 'Quiero recibir avisos por WhatsApp' });
    expect(checkbox).not.toBeChecked();
    expect(section).toHaveTextContent('Te escribiremos al +52 33 1122 3344, el teléfono de tu perfil.');
    expect(within(section).getByText(WHATSAPP_PURPOSE)).toBeVisible();
    expect(checkbox).toHaveAccessibleDescription(expect.stringContaining(WHATSAPP_PURPOSE));
    expect(within(section).getByRole('link', { name: 'aviso de privacidad' })).toHaveAttribute(
      'href',
      '/aviso-de-privacidad',
    );
    expect(within(section).queryByText(/^Activado el/)).toBeNull();

    await user.click(checkbox);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.turnedOn));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { url: '/api/me/whatsapp', method: 'PUT', body: { enabled: true } },
    ]);
    expect(checkbox).toBeChecked();
    expect(section).toHaveTextContent(
      'Activado el jueves 3 de diciembre de 2026 (aviso de privacidad, versión del sábado 28 de noviembre de 2026).',
    );
  });

  it('turning it off is one click, with no question', async () => {
    state = on;
    const { user } = renderSection();
    const checkbox = await screen.findByRole('checkbox', { name: 'Quiero recibir avisos por WhatsApp' });
    expect(checkbox).toBeChecked();
    await user.click(checkbox);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.turnedOff));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox).not.toBeChecked();
  });

  it('shows the server’s refusal beside the checkbox (a phone WhatsApp cannot take)', async () => {
    put = () => jsonResponse({ error: { code: 'invalid-argument', message: m.phoneInvalid } }, 400);
    const { user } = renderSection();
    const checkbox = await screen.findByRole('checkbox', { name: 'Quiero recibir avisos por WhatsApp' });
    await user.click(checkbox);
    expect(await screen.findByRole('alert')).toHaveTextContent(m.phoneInvalid);
    expect(checkbox).not.toBeChecked();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('warns when WhatsApp could not deliver to the number', async () => {
    state = { ...on, unreachable: { at: '2026-12-05T17:00:00.000Z', reason: m.unreachable } };
    renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'WhatsApp no pudo entregar los mensajes a +52 33 1122 3344: revisa que sea tu número de WhatsApp. Mientras tanto te seguimos avisando por correo.',
    );
  });
});
