import type { TOpenLogin } from '@sala/shared/auth/staff-security.contract';
import { staffSecurityMessages } from '@sala/shared/auth/staff-security.messages';
import type { TUser } from '@sala/shared/users/users.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse, sessionClient } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { StaffBranchCard } from './staff-branch-card';
import { endedLoginsMessage, UserLoginsCard, UserTwoFactorCard } from './user-security';

const notify = spyOnToasts();

const STAFF = 'a1000000-0000-4000-8000-000000000001';
const VALLE = 'b1000000-0000-4000-8000-000000000001';
const POLANCO = 'b1000000-0000-4000-8000-000000000002';

const jorge = (overrides: Partial<TUser> = {}): TUser => ({
  ...sessionClient({
    id: STAFF,
    name: 'Jorge Hernández',
    email: 'jorge@example.com',
    role: 'admin',
    isAdmin: true,
    credits: 0,
  }),
  createdAt: '2029-11-02T16:00:00.000Z',
  ...overrides,
});

const login = (overrides: Partial<TOpenLogin>): TOpenLogin => ({
  id: 'c1000000-0000-4000-8000-000000000001',
  browser: 'Chrome 131',
  system: 'Windows 10',
  ip: '201.141.22.7',
  createdAt: '2030-01-06T15:00:00.000Z',
  lastSeenAt: '2030-01-07T17:30:00.000Z',
  persistent: false,
  current: false,
  ...overrides,
});

type Call = { url: string; method: string; body: unknown };

/** The branches, the user's logins, and what each change answers (a function, to fail or succeed). */
function fakeApi({
  logins = [login({})],
  saveBranch = (body: unknown) => jsonResponse({ ...jorge(), ...(body as object) }),
  endLogins = () => jsonResponse({ ended: logins.length }),
  disableTwoFactor = () => new Response(null, { status: 204 }),
}: {
  logins?: TOpenLogin[];
  saveBranch?: (body: unknown) => Response;
  endLogins?: () => Response;
  disableTwoFactor?: () => Response;
} = {}) {
  const calls: Call[] = [];
  let ended = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method, body });
      if (url === '/api/branches/options')
        return jsonResponse([
          { id: VALLE, name: 'Valle', cityId: VALLE, sessionCost: 1, standingWeeksMax: 8, schedule: [] },
          { id: POLANCO, name: 'Polanco', cityId: VALLE, sessionCost: 1, standingWeeksMax: 8, schedule: [] },
        ]);
      if (method === 'PUT' && url === `/api/users/${STAFF}/branch`) return saveBranch(body);
      if (method === 'GET' && url === `/api/users/${STAFF}/logins`) return jsonResponse(ended ? [] : logins);
      if (method === 'POST' && url === `/api/users/${STAFF}/logins/end`) {
        const answer = endLogins();
        ended = answer.ok;
        return answer;
      }
      if (method === 'POST' && url === `/api/users/${STAFF}/two-factor/disable`) return disableTwoFactor();
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
  return {
    calls,
    changes: () => calls.filter((call) => call.method !== 'GET'),
    reads: (url: string) => calls.filter((call) => call.method === 'GET' && call.url === url).length,
  };
}

function renderWith(ui: ReactNode) {
  const queries = testQueryClient();
  const invalidated = vi.spyOn(queries, 'invalidateQueries');
  render(<QueryClientProvider client={queries}>{ui}</QueryClientProvider>);
  return { queries, invalidated };
}

const user = userEvent.setup();

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('the branch of a staff account', () => {
  it('saves the home branch and "Solo su sucursal", says so and refreshes the user and the session', async () => {
    const api = fakeApi();
    const { invalidated } = renderWith(<StaffBranchCard user={jorge()} isSelf={false} />);
    const card = screen.getByRole('region', { name: 'Sucursal' });
    const select = within(card).getByRole('combobox', { name: 'Sucursal' });
    const only = within(card).getByRole('checkbox', { name: 'Solo su sucursal' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Sin sucursal', 'Valle', 'Polanco']);
    // Without a branch there is nothing to keep the account to.
    expect(only).toBeDisabled();

    await user.selectOptions(select, 'Polanco');
    expect(only).toBeEnabled();
    await user.click(only);
    await user.click(within(card).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Sucursal guardada'));
    expect(api.changes()).toEqual([
      { url: `/api/users/${STAFF}/branch`, method: 'PUT', body: { homeBranchId: POLANCO, branchOnly: true } },
    ]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.users.all });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.session });
  });

  it('takes the branch away, and "Solo su sucursal" with it', async () => {
    const api = fakeApi();
    renderWith(<StaffBranchCard user={jorge({ homeBranchId: VALLE, branchOnly: true })} isSelf={false} />);
    const select = screen.getByRole('combobox', { name: 'Sucursal' });
    await waitFor(() => expect(select).toHaveValue(VALLE));
    expect(screen.getByRole('checkbox', { name: 'Solo su sucursal' })).toBeChecked();

    await user.selectOptions(select, 'Sin sucursal');
    expect(screen.getByRole('checkbox', { name: 'Solo su sucursal' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Solo su sucursal' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.body).toEqual({ homeBranchId: null, branchOnly: false });
  });

  it('shows the API’s refusal under the field it names, and in a toast', async () => {
    fakeApi({
      saveBranch: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid-argument',
              message: staffSecurityMessages.branchNotFound,
              fields: { homeBranchId: staffSecurityMessages.branchNotFound },
            },
          },
          400,
        ),
    });
    renderWith(<StaffBranchCard user={jorge()} isSelf={false} />);
    await screen.findByRole('option', { name: 'Valle' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sucursal' }), 'Valle');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(staffSecurityMessages.branchNotFound));
    expect(screen.getByRole('combobox', { name: 'Sucursal' })).toHaveAccessibleDescription(
      staffSecurityMessages.branchNotFound,
    );
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('shows a refusal about no field above the button', async () => {
    fakeApi({
      saveBranch: () =>
        jsonResponse(
          { error: { code: 'permission-denied', message: staffSecurityMessages.branchForStaff } },
          403,
        ),
    });
    renderWith(<StaffBranchCard user={jorge()} isSelf={false} />);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(staffSecurityMessages.branchForStaff);
  });

  it('does not offer "Solo su sucursal" on one’s own account', async () => {
    fakeApi();
    renderWith(<StaffBranchCard user={jorge({ homeBranchId: VALLE })} isSelf />);
    expect(screen.queryByRole('checkbox', { name: 'Solo su sucursal' })).not.toBeInTheDocument();
    expect(screen.getByText(staffSecurityMessages.ownBranchOnly)).toBeVisible();
  });
});

describe('the open logins of a user', () => {
  it('lists each browser with its address, since when and its last activity', async () => {
    fakeApi({
      logins: [
        login({}),
        login({
          id: 'c1000000-0000-4000-8000-000000000002',
          browser: 'Safari',
          system: 'iOS 18.1',
          ip: null,
          persistent: true,
        }),
      ],
    });
    renderWith(<UserLoginsCard user={jorge()} />);
    const list = await screen.findByRole('list', { name: 'Sesiones abiertas' });
    const [chrome, safari] = within(list).getAllByRole('listitem');
    expect(chrome).toHaveTextContent('Chrome 131 · Windows 10');
    expect(chrome).toHaveTextContent(
      '201.141.22.7 · Desde el 6 ene 2030, 09:00 · Última actividad: 7 ene 2030, 11:30',
    );
    expect(safari).toHaveTextContent('Safari · iOS 18.1Sesión mantenida');
    expect(safari).toHaveTextContent('Dirección desconocida');
  });

  it('ends every login after asking, says how many, and lists none after', async () => {
    const api = fakeApi({
      logins: [login({}), login({ id: 'c1000000-0000-4000-8000-000000000002', browser: 'Safari' })],
    });
    renderWith(<UserLoginsCard user={jorge()} />);
    await screen.findByRole('list', { name: 'Sesiones abiertas' });
    await user.click(screen.getByRole('button', { name: 'Cerrar todas sus sesiones' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar todas sus sesiones' });
    expect(dialog).toHaveTextContent(
      'Jorge Hernández tendrá que iniciar sesión de nuevo en todos sus navegadores.',
    );
    expect(api.changes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar sesiones' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Se cerraron 2 sesiones'));
    expect(api.changes()).toEqual([
      { url: `/api/users/${STAFF}/logins/end`, method: 'POST', body: undefined },
    ]);
    expect(await screen.findByText('No tiene sesiones abiertas.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar todas sus sesiones' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the API’s refusal', async () => {
    fakeApi({
      endLogins: () =>
        jsonResponse({ error: { code: 'permission-denied', message: 'No tienes permiso.' } }, 403),
    });
    renderWith(<UserLoginsCard user={jorge()} />);
    await screen.findByRole('list', { name: 'Sesiones abiertas' });
    await user.click(screen.getByRole('button', { name: 'Cerrar todas sus sesiones' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar sesiones' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('No tienes permiso.'));
    expect(screen.getByRole('dialog', { name: 'Cerrar todas sus sesiones' })).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it.each([
    [0, 'No había sesiones abiertas'],
    [1, 'Se cerró 1 sesión'],
    [3, 'Se cerraron 3 sesiones'],
  ])('says %i ended as "%s"', (ended, message) => {
    expect(endedLoginsMessage(ended)).toBe(message);
  });
});

describe('the second factor of a user', () => {
  it('is not shown while the account has none', () => {
    fakeApi();
    renderWith(<UserTwoFactorCard user={jorge()} />);
    expect(screen.queryByRole('region', { name: 'Seguridad' })).not.toBeInTheDocument();
  });

  it('turns it off after asking, and refreshes the user', async () => {
    const api = fakeApi();
    const { invalidated } = renderWith(<UserTwoFactorCard user={jorge({ twoFactorEnabled: true })} />);
    const card = screen.getByRole('region', { name: 'Seguridad' });
    expect(card).toHaveTextContent('Verificación en dos pasos: activa');
    await user.click(within(card).getByRole('button', { name: 'Desactivar' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar la verificación en dos pasos' });
    await user.click(within(dialog).getByRole('button', { name: 'Desactivar' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verificación en dos pasos desactivada'));
    expect(api.changes()).toEqual([
      { url: `/api/users/${STAFF}/two-factor/disable`, method: 'POST', body: undefined },
    ]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.users.all });
  });
});
