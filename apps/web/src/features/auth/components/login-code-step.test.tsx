import type { TLoginDone } from '@sala/shared/auth/auth.contract';
import { staffSecurityMessages as sm } from '@sala/shared/auth/staff-security.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { withNavigation } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import { LoginPanel } from './login-panel';

const notify = spyOnToasts();

const staff = sessionClient({ role: 'admin', isAdmin: true, twoFactorEnabled: true, credits: 0 });
const done = (over: Partial<TLoginDone> = {}): TLoginDone => ({
  user: staff,
  consentNeeded: false,
  mustEnrolTwoFactor: false,
  ...over,
});

type Post = { url: string; body: unknown };

/**
 * The login page's card (with its redirect of a signed-in visitor), the API answering the password with the code
 * step and the code as `codeAnswer` says.
 */
function renderLogin({
  passwordAnswer = () => jsonResponse({ codeRequired: true }),
  codeAnswer = () => jsonResponse(done()),
}: {
  passwordAnswer?: () => Response;
  codeAnswer?: (body: unknown) => Response;
} = {}) {
  const posts: Post[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'POST') posts.push({ url, body });
      if (url === '/api/auth/login') return passwordAnswer();
      if (url === '/api/auth/login/code') return codeAnswer(body);
      return jsonResponse({ user: null });
    }),
  );
  const router = createMemoryRouter(
    withNavigation([
      { path: '/registro/iniciar-sesion', element: <LoginPanel /> },
      { path: '/perfil', element: <p>Perfil</p> },
      { path: '/reserva', element: <p>Reserva</p> },
    ]),
    { initialEntries: [{ pathname: '/registro/iniciar-sesion', state: { from: '/reserva' } }] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { posts, router, user: userEvent.setup() };
}

async function enterPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Correo electrónico'), 'sofia@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

const codeStep = () => screen.findByRole('form', { name: 'Verificación en dos pasos' });

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the login’s second step (issue 45)', () => {
  it('asks for the app’s code once the password is right, and finishes the login with it', async () => {
    const { posts, router, user } = renderLogin();
    await enterPassword(user);

    const step = await codeStep();
    const input = within(step).getByLabelText('Código de 6 dígitos');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
    expect(router.state.location.pathname).toBe('/registro/iniciar-sesion');

    // An empty code is said under the field and sends nothing.
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));
    expect(within(step).getByText(sm.codeRequired)).toBeVisible();
    expect(posts.map((p) => p.url)).toEqual(['/api/auth/login']);

    await user.type(input, '123 456');
    await user.click(within(step).getByLabelText('Confiar en este navegador durante 30 días'));
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));

    // As any login: the green toast, then back where the visitor came from.
    await waitFor(() => expect(router.state.location.pathname).toBe('/reserva'));
    expect(posts.at(-1)).toEqual({
      url: '/api/auth/login/code',
      body: { code: '123456', trustBrowser: true },
    });
    expect(notify.success).toHaveBeenCalledWith('Has iniciado sesion');
    expect(notify.warning).not.toHaveBeenCalled();
  });

  it('says a wrong code in the form and lets the person type the new one', async () => {
    const { user } = renderLogin({
      codeAnswer: () =>
        jsonResponse(
          { error: { code: 'unauthenticated', message: sm.codeWrong, fields: { code: sm.codeWrong } } },
          401,
        ),
    });
    await enterPassword(user);
    const step = await codeStep();
    await user.type(within(step).getByLabelText('Código de 6 dígitos'), '000000');
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));

    expect(await within(step).findByRole('alert')).toHaveTextContent(sm.codeWrong);
    expect(within(step).getByLabelText('Código de 6 dígitos')).toHaveValue('');
    expect(within(step).getByLabelText('Código de 6 dígitos')).toHaveFocus();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead, as the person types it', async () => {
    const { posts, router, user } = renderLogin();
    await enterPassword(user);
    const step = await codeStep();

    await user.click(within(step).getByRole('button', { name: 'Usar un código de recuperación' }));
    const input = within(step).getByLabelText('Código de recuperación');
    expect(input).toHaveFocus();
    expect(within(step).queryByLabelText('Código de 6 dígitos')).toBeNull();

    await user.type(input, 'abc');
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));
    expect(within(step).getByText(sm.recoveryFormat)).toBeVisible();

    await user.clear(input);
    await user.type(input, 'abcde-12345');
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reserva'));
    expect(posts.at(-1)).toEqual({
      url: '/api/auth/login/code',
      body: { recoveryCode: 'ABCDE12345', trustBrowser: false },
    });

    expect(notify.success).toHaveBeenCalledWith('Has iniciado sesion');
  });

  it('goes back to the password when the step has expired, saying why, and with “Volver”', async () => {
    const { user } = renderLogin({
      codeAnswer: () =>
        jsonResponse(
          { error: { code: 'invalid-argument', message: sm.challengeExpired, fields: { step: 'password' } } },
          400,
        ),
    });
    await enterPassword(user);
    let step = await codeStep();
    await user.type(within(step).getByLabelText('Código de 6 dígitos'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Verificar' }));

    const form = (await screen.findByRole('button', { name: 'Ingresar' })).closest('form')!;
    expect(within(form).getByRole('alert')).toHaveTextContent(sm.challengeExpired);
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('sofia@example.com');
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');

    await user.type(screen.getByLabelText('Contraseña'), 'secreto123');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    step = await codeStep();
    await user.click(within(step).getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends an account that must turn the second factor on to Mi perfil → Seguridad, saying why', async () => {
    const { router, user } = renderLogin({
      passwordAnswer: () =>
        jsonResponse(done({ mustEnrolTwoFactor: true, user: { ...staff, twoFactorEnabled: false } })),
    });
    await enterPassword(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/perfil'));
    expect(router.state.location.hash).toBe('#seguridad');
    expect(notify.warning).toHaveBeenCalledWith(sm.enrolFirst);
    // The page's own redirect of a signed-in visitor did not take it back to where it came from.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/perfil');
  });
});
