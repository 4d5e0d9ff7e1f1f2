import { authMessages as m } from '@sala/shared/auth/auth.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { RegisterForm } from './register-form';

const notify = spyOnToasts();

function renderRegister() {
  const fetch = vi.fn(async () => jsonResponse({ message: m.registered }, 201));
  vi.stubGlobal('fetch', fetch);
  const client = testQueryClient();
  const router = createMemoryRouter([{ path: '/', element: <RegisterForm /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterForm (issue 39)', () => {
  it('says "Todos los campos son obligatorios" once for an empty submit, and marks each missing field', async () => {
    renderRegister();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(m.allFieldsRequired);
    expect(screen.getAllByText(m.allFieldsRequired)).toHaveLength(1);
    for (const label of ['Nombre completo', 'Correo electrónico', 'Teléfono (10 dígitos)', 'Contraseña']) {
      const field = screen.getByLabelText(label, { exact: true });
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(field, label).toHaveAccessibleDescription(m.allFieldsRequired);
    }
    // A mistake of another kind is still said under its own field.
    expect(screen.getByText(m.acceptTerms)).toBeVisible();
  });

  it('takes "55 1234 5678", the usual way to write a Mexican number, and sends its 10 digits', async () => {
    const fetch = renderRegister();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre completo'), 'Ana López');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Teléfono (10 dígitos)'), '+52 55 1234 5678');
    await user.type(screen.getByLabelText('Contraseña', { exact: true }), 'secreto1');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'secreto1');
    await user.click(screen.getByRole('checkbox', { name: /Acepto los términos/ }));
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    await vi.waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.registered));
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ phone: '5512345678' });
  });
});
