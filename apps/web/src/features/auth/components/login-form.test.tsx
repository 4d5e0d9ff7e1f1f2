import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { LoginForm } from './login-form';

const notify = spyOnToasts();

function renderLogin(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = testQueryClient();
  const router = createMemoryRouter([{ path: '/', element: <LoginForm /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Correo electrónico'), 'cliente@example.com');
  await user.type(screen.getByLabelText('Contraseña'), 'otra-clave');
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
}

const form = () => screen.getByRole('button', { name: 'Ingresar' }).closest('form')!;

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginForm errors: one place, under the form', () => {
  it.each([
    ['a wrong password', 401, 'unauthenticated', 'Contraseña incorrecta'],
    ['an unknown e-mail', 404, 'not-found', 'Usuario no encontrado'],
    ['an unexpected failure', 500, 'internal', 'Algo salió mal.'],
  ])('shows %s in the form, not in a toast', async (_, status, code, message) => {
    renderLogin(() => jsonResponse({ error: { code, message } }, status));
    const user = userEvent.setup();
    await submit(user);
    expect(await within(form()).findByRole('alert')).toHaveTextContent(message);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the fields the form checks itself under each field, and nothing else', async () => {
    renderLogin(() => jsonResponse({}, 200));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findAllByText('Todos los campos son requeridos')).toHaveLength(2);
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
  });
});
