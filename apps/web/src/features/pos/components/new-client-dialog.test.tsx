import type { TPosProduct } from '@sala/shared/pos/pos.contract';
import type { TUser } from '@sala/shared/users/users.contract';
import { userMessages as m } from '@sala/shared/users/users.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { PosScreen } from './pos-screen';

const notify = spyOnToasts();

const VALLE = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';
const NEW_CLIENT = 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b';
const products: TPosProduct[] = [
  { id: '1b2c3d4e-5f60-4718-8293-a4b5c6d7e8f9', name: 'Café', priceCents: 4_500, credits: 0, extra: 0 },
];

const lucia = { name: 'Lucía Méndez', email: 'lucia@example.com', phone: '3312345678' };
const created: TUser = {
  id: NEW_CLIENT,
  ...lucia,
  credits: 0,
  role: 'user',
  isAdmin: false,
  isSuperAdmin: false,
  isActive: true,
  homeBranchId: null,
  branchOnly: false,
  twoFactorEnabled: false,
  createdAt: '2030-01-07T17:00:00.000Z',
};

let createAnswer: () => Response;

function mockApi() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/pos/products') return jsonResponse(products);
    if (url === '/api/branches/options')
      return jsonResponse([{ id: VALLE, name: 'Valle', cityId: VALLE, sessionCost: 1, schedule: [] }]);
    if (url === '/api/users' && init?.method === 'POST') return createAnswer();
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const creations = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([url]) => url === '/api/users').map(([, init]) => JSON.parse(String(init!.body)));

function renderScreen() {
  const queryClient = testQueryClient();
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <PosScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidated };
}

const user = userEvent.setup();

async function openDialog() {
  await user.click(screen.getByRole('button', { name: 'Nuevo cliente' }));
  return screen.findByRole('dialog', { name: 'Nuevo cliente' });
}

async function fillIn(dialog: HTMLElement, values: typeof lucia) {
  await user.type(within(dialog).getByLabelText('Nombre'), values.name);
  await user.type(within(dialog).getByLabelText('Correo electrónico'), values.email);
  await user.type(within(dialog).getByLabelText('Teléfono (10 dígitos)'), values.phone);
}

const notice = 'El cliente recibió el aviso de privacidad y aceptó los términos';

beforeEach(() => {
  vi.clearAllMocks();
  createAnswer = () => jsonResponse(created, 201);
});
afterEach(() => vi.unstubAllGlobals());

describe('"Nuevo cliente" at the point of sale', () => {
  it('shows the simplified notice, with the notice and the terms opening in a new tab', async () => {
    mockApi();
    renderScreen();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(
      'Sala Común usa el nombre, el correo y el teléfono del cliente para su cuenta, sus reservas y sus compras, y para recordarle sus sesiones (lo puede desactivar). Más en el aviso de privacidad',
    );
    const privacy = within(dialog).getByRole('link', { name: 'aviso de privacidad' });
    expect(privacy).toHaveAttribute('href', '/aviso-de-privacidad');
    expect(privacy).toHaveAttribute('target', '_blank');
    expect(within(dialog).getByRole('link', { name: /términos/ })).toHaveAttribute('href', '/terminos');
  });

  it('asks for every field, 10 digits, and the notice ticked before registering', async () => {
    const fetch = mockApi();
    renderScreen();
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cliente' }));
    expect(await within(dialog).findAllByText(m.allFieldsRequired)).toHaveLength(3);
    expect(within(dialog).getByText(m.noticeRequired)).toBeVisible();

    await fillIn(dialog, { ...lucia, phone: '33123' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cliente' }));
    expect(await within(dialog).findByText(m.phoneDigits)).toBeVisible();
    await user.type(within(dialog).getByLabelText('Teléfono (10 dígitos)'), '45678');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cliente' }));
    await waitFor(() => expect(within(dialog).queryByText(m.phoneDigits)).toBeNull());
    // Everything else is right: only the checkbox is missing.
    expect(within(dialog).getByRole('checkbox', { name: notice })).toHaveAccessibleDescription(
      m.noticeRequired,
    );
    expect(creations(fetch)).toEqual([]);
  });

  it('registers the client, makes them the sale’s client and refreshes the client lists', async () => {
    const fetch = mockApi();
    const { invalidated } = renderScreen();
    const dialog = await openDialog();
    await fillIn(dialog, lucia);
    await user.click(within(dialog).getByRole('checkbox', { name: notice }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cliente' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.clientCreated));
    expect(creations(fetch)).toEqual([{ ...lucia, noticeGiven: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'Cliente' })).toHaveValue(
      'Lucía Méndez · 3312345678 · 0 créditos',
    );
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['users'] });
  });

  it('says under the e-mail when it is already taken, and keeps the dialog open', async () => {
    const fetch = mockApi();
    createAnswer = () =>
      jsonResponse(
        { error: { code: 'aborted', message: m.emailTaken, fields: { email: m.emailTaken } } },
        409,
      );
    renderScreen();
    const dialog = await openDialog();
    await fillIn(dialog, lucia);
    await user.click(within(dialog).getByRole('checkbox', { name: notice }));
    await user.click(within(dialog).getByRole('button', { name: 'Registrar cliente' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(m.emailTaken));
    expect(within(dialog).getByLabelText('Correo electrónico')).toHaveAccessibleDescription(m.emailTaken);
    expect(screen.getByRole('dialog', { name: 'Nuevo cliente' })).toBeVisible();
    // Behind the open dialog (hidden from the accessibility tree meanwhile), no client was chosen.
    expect(screen.getByRole('combobox', { name: 'Cliente', hidden: true })).toHaveValue('');
    expect(creations(fetch)).toHaveLength(1);
  });
});
