import type { TMyPrivacy } from '@sala/shared/privacy/privacy.contract';
import { privacyMessages as pm } from '@sala/shared/privacy/privacy.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { TestRouter } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { MyDataSection } from './my-data-section';

const notify = spyOnToasts();

const privacy = (overrides: Partial<TMyPrivacy> = {}): TMyPrivacy => ({
  remindersEnabled: true,
  consents: [
    {
      document: 'privacy',
      version: '2026-11-25',
      acceptedAt: '2026-12-03T17:00:00.000Z',
      way: 'registration',
    },
    { document: 'terms', version: '2026-11-25', acceptedAt: '2026-12-03T17:00:00.000Z', way: 'registration' },
  ],
  credits: 7,
  closeBlockers: [],
  ...overrides,
});

type Call = { url: string; method: string; body: unknown };

function renderSection(
  answers: { privacy?: TMyPrivacy; post?: (url: string, body: unknown) => Response } = {},
  role: 'user' | 'admin' = 'user',
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/me/privacy') return jsonResponse(answers.privacy ?? privacy());
      if (answers.post) return answers.post(url, body);
      return jsonResponse({ message: 'ok' });
    }),
  );
  const client = testQueryClient();
  const onEditProfile = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <TestRouter>
        <MyDataSection user={sessionClient({ role, credits: 7 })} onEditProfile={onEditProfile} />
      </TestRouter>
    </QueryClientProvider>,
  );
  return { calls, onEditProfile, user: userEvent.setup() };
}

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Mis datos personales (/perfil)', () => {
  it('offers each ARCO right, and says which notice the client accepted and when', async () => {
    renderSection();
    const section = await screen.findByRole('region', { name: 'Mis datos personales' });
    expect(
      await within(section).findByText(/Lo aceptaste \(versión del miércoles 25 de noviembre de 2026\)/),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: 'Descargar mis datos' })).toHaveAttribute(
      'href',
      '/api/me/data-export',
    );
    for (const title of [
      'Acceso: descargar mis datos',
      'Rectificación: corregir mis datos',
      'Oposición: recordatorios por correo',
      'Cancelación: eliminar mi cuenta',
    ])
      expect(within(section).getByRole('heading', { name: title })).toBeVisible();
  });

  it('turns the reminders off and says so', async () => {
    const { calls, user } = renderSection({
      post: () => jsonResponse({ remindersEnabled: false, message: pm.remindersOff }),
    });
    const toggle = await screen.findByRole('switch', { name: /Activados/ });
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(pm.remindersOff));
    expect(calls.find((c) => c.method === 'PATCH')).toEqual({
      url: '/api/me/preferences',
      method: 'PATCH',
      body: { remindersEnabled: false },
    });
  });

  it('asks for the new e-mail and the password, then says where the link went', async () => {
    const { calls, user } = renderSection({
      post: (_url, body) => jsonResponse({ message: pm.emailChangeSent((body as { email: string }).email) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cambiar mi correo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar mi correo' });
    await user.type(within(dialog).getByLabelText('Correo nuevo'), 'valeria.nueva@example.com');
    await user.type(within(dialog).getByLabelText('Tu contraseña'), 'secreto1');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar enlace' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      pm.emailChangeSent('valeria.nueva@example.com'),
    );
    expect(calls.find((c) => c.url === '/api/me/email')?.body).toEqual({
      email: 'valeria.nueva@example.com',
      password: 'secreto1',
    });
  });

  it('cannot close an account with a session to come: the section names it and the button stays off', async () => {
    renderSection({
      privacy: privacy({ closeBlockers: ['martes 4 de marzo de 2031, de 10:00 a 11:00 en Valle'] }),
    });
    expect(await screen.findByText('martes 4 de marzo de 2031, de 10:00 a 11:00 en Valle.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Eliminar mi cuenta' })).toBeDisabled();
  });

  it('says the credits the closing cancels, asks for the password, and shows a refusal in the dialog', async () => {
    const { calls, user } = renderSection({
      post: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid-argument',
              message: pm.wrongPassword,
              fields: { password: pm.wrongPassword },
            },
          },
          400,
        ),
    });
    const open = await screen.findByRole('button', { name: 'Eliminar mi cuenta' });
    await waitFor(() => expect(open).toBeEnabled());
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar mi cuenta' });
    expect(dialog).toHaveTextContent('Tus 7 créditos se cancelan y no se pueden recuperar.');
    await user.type(within(dialog).getByLabelText('Escribe tu contraseña para confirmar'), 'mala');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(await within(dialog).findAllByText(pm.wrongPassword)).not.toHaveLength(0);
    expect(calls.find((c) => c.url === '/api/me/account/close')?.body).toEqual({ password: 'mala' });
  });

  it('gives a staff account access and the reminders, not the client’s e-mail change or closing', async () => {
    renderSection({}, 'admin');
    await screen.findByRole('link', { name: 'Descargar mis datos' });
    expect(screen.queryByRole('button', { name: 'Cambiar mi correo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar mi cuenta' })).toBeNull();
  });
});
