import type { TSessionUser } from '@sala/shared/auth/session.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { EditProfileDialog } from './edit-profile-dialog';

const notify = spyOnToasts();

const client = sessionClient();

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <EditProfileDialog user={client} open={open} onOpenChange={setOpen} />
    </>
  );
}

function renderDialog(answer: (body: unknown) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me/profile' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        return answer(body);
      }
      return jsonResponse({ user: client });
    }),
  );
  const queryClient = testQueryClient();
  queryClient.setQueryData(queryKeys.session, client);
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
  return { bodies, queryClient, user: userEvent.setup() };
}

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("EditProfileDialog ('Editar mis datos')", () => {
  it('edits name and phone; the e-mail is shown, not editable', async () => {
    const { bodies, queryClient, user } = renderDialog((body) =>
      jsonResponse({ ...client, ...(body as object) }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Editar mis datos' });
    expect(dialog).toBeVisible();
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('cliente@example.com');
    expect(screen.getByLabelText('Correo electrónico')).toBeDisabled();

    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Valeria Torres Díaz');
    await user.clear(screen.getByLabelText('Teléfono'));
    await user.type(screen.getByLabelText('Teléfono'), '5512345678');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Usuario actualizado con exito'));
    expect(bodies).toEqual([{ name: 'Valeria Torres Díaz', phone: '5512345678' }]);
    expect(queryClient.getQueryData<TSessionUser>(['session'])).toMatchObject({
      name: 'Valeria Torres Díaz',
      phone: '5512345678',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("checks the fields with the user form's messages before asking the API", async () => {
    const { bodies, user } = renderDialog(() => jsonResponse(client));
    await user.clear(screen.getByLabelText('Teléfono'));
    await user.type(screen.getByLabelText('Teléfono'), '55123');
    await user.clear(screen.getByLabelText('Nombre'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.phoneDigits)).toBeVisible();
    expect(screen.getByText(m.allFieldsRequired)).toBeVisible();
    expect(bodies).toEqual([]);
  });

  it("shows the API's refusal under its field, and starts again from the saved data when reopened", async () => {
    const { user } = renderDialog(() =>
      jsonResponse(
        { error: { code: 'invalid-argument', message: m.phoneDigits, fields: { phone: m.phoneDigits } } },
        400,
      ),
    );
    await user.clear(screen.getByLabelText('Teléfono'));
    await user.type(screen.getByLabelText('Teléfono'), '0000000000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.phoneDigits));
    expect(screen.getByText(m.phoneDigits)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByLabelText('Teléfono')).toHaveValue('3311223344');
  });
});
