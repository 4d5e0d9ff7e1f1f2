import { costMessages as m } from '@sala/shared/costs/costs.messages';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { CostFormDialog } from './cost-form-dialog';

const notify = spyOnToasts();

const VALLE = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';

function mockApi() {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/branches/options')
      return jsonResponse([{ id: VALLE, name: 'Valle', cityId: VALLE, sessionCost: 1, schedule: [] }]);
    if (url === '/api/costs' && init?.method === 'POST') return jsonResponse({ id: 'x' }, 201);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm() {
  const client = testQueryClient();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CostFormDialog onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const saves = (fetch: ReturnType<typeof mockApi>) => fetch.mock.calls.filter(([url]) => url === '/api/costs');

// Monday 7 January 2030, 23:30 in Mexico City (already the 8th in UTC): the form's today is Mexico City's, and a
// fixed clock keeps the test from straddling a midnight.
const NOW = new Date('2030-01-08T05:30:00Z');
const TODAY = '2030-01-07';

beforeEach(() => {
  vi.clearAllMocks();
  freezeClock(NOW);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the cost form', () => {
  it('asks for the required fields and a numeric amount before saving', async () => {
    const fetch = mockApi();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    // Name, amount and branch.
    expect(await screen.findAllByText(m.requiredFields)).toHaveLength(3);
    await userEvent.type(screen.getByLabelText('Monto (pesos)'), 'doscientos');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(m.totalNotNumber)).toBeInTheDocument();
    expect(saves(fetch)).toHaveLength(0);
  });

  it('saves the amount in pesos, dated today in Mexico City by default', async () => {
    const fetch = mockApi();
    const { onClose } = renderForm();
    expect(screen.getByLabelText('Fecha')).toHaveValue(TODAY);
    await userEvent.type(screen.getByLabelText('Gasto'), 'Garrafones de agua');
    await userEvent.type(screen.getByLabelText('Monto (pesos)'), '350.50');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Sucursal' }), 'Valle');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith(m.created);
    const [, init] = saves(fetch)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Garrafones de agua',
      description: null,
      total: 350.5,
      branchId: VALLE,
      date: TODAY,
    });
  });
});
