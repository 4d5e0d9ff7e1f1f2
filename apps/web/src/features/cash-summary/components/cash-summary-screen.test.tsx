import type { TCashSummary } from '@sala/shared/cash-summary/cash-summary.contract';
import { summarizeMovements } from '@sala/shared/cash-summary/cash-summary.rules';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { CashSummaryScreen } from './cash-summary-screen';

const VALLE = '7a1d5b6f-2e3c-4d4b-8f9a-1b2c3d4e5f60';
const DATE = '2030-01-07';

const movements: TCashSummary['movements'] = [
  {
    kind: 'order',
    id: '0193f5b2-7c1e-7a00-8000-000000000001',
    at: '2030-01-07T16:05:00.000Z',
    status: 'completed',
    method: 'cash',
    isPos: true,
    clientName: 'Valeria Torres',
    cashierName: 'Jorge Hernández',
    branchName: 'Valle',
    totalCents: 9_000,
    cashCents: 9_000,
    cardCents: 0,
    transferCents: 0,
  },
  {
    kind: 'order',
    id: '0193f5b2-7c1e-7a00-8000-000000000002',
    at: '2030-01-07T17:00:00.000Z',
    status: 'cancelled',
    method: 'card',
    isPos: true,
    clientName: 'Mario Núñez',
    cashierName: 'Jorge Hernández',
    branchName: 'Valle',
    totalCents: 30_000,
    cashCents: 0,
    cardCents: 30_000,
    transferCents: 0,
  },
  {
    kind: 'cost',
    id: '0193f5b2-7c1e-7a00-8000-000000000003',
    at: '2030-01-07T18:00:00.000Z',
    name: 'Garrafones, "agua"',
    addedByName: 'Sofía Ramírez',
    branchName: 'Valle',
    totalCents: 3_500,
  },
];

const summary: TCashSummary = {
  date: DATE,
  branchId: null,
  totals: summarizeMovements(movements),
  movements,
  drawers: [],
};

function renderScreen(path = `/admin/corte?fecha=${DATE}`) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/branches/options')
      return jsonResponse([{ id: VALLE, name: 'Valle', cityId: VALLE, sessionCost: 1, schedule: [] }]);
    if (url.startsWith('/api/cash-summary?')) return jsonResponse(summary);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CashSummaryScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

/** jsdom's Blob has no arrayBuffer(); FileReader reads it. */
const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the corte', () => {
  it('asks for today in Mexico City and every branch by default, then for the branch chosen', async () => {
    // 23:30 of the 7th in Mexico City, already the 8th in UTC; a fixed clock straddles no midnight.
    freezeClock(new Date('2030-01-08T05:30:00Z'));
    const fetch = renderScreen('/admin/corte');
    await screen.findByTestId('corte-net');
    expect(fetch).toHaveBeenCalledWith(`/api/cash-summary?date=${DATE}`, expect.anything());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sucursal' }), 'Valle');
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/cash-summary?date=${DATE}&branchId=${VALLE}`,
        expect.anything(),
      ),
    );
  });

  it('shows the totals, and the movements when unfolded, the cancelled order struck out', async () => {
    renderScreen();
    expect(await screen.findByTestId('corte-cash')).toHaveTextContent('$90');
    expect(screen.getByTestId('corte-card')).toHaveTextContent('$0');
    expect(screen.getByTestId('corte-received')).toHaveTextContent('$90');
    expect(screen.getByTestId('corte-expenses')).toHaveTextContent('$35');
    expect(screen.getByTestId('corte-net')).toHaveTextContent('$55');
    const toggle = screen.getByRole('button', { name: /Movimientos del día/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('list', { name: 'Movimientos' })).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.kind)).toEqual(['order', 'order', 'cost']);
    expect(items[1]).toHaveTextContent('Cancelada');
    expect(items[1]).toHaveAttribute('data-status', 'cancelled');
    expect(items[0]).toHaveTextContent('10:05');
  });

  it('downloads the corte as corte-YYYY-MM-DD.csv, UTF-8 with its byte order mark', async () => {
    let saved: Blob | undefined;
    const createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:corte';
    });
    // jsdom has no object URLs: these two stand in for the browser's.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderScreen();
    await screen.findByTestId('corte-net');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe(`corte-${DATE}.csv`);
    expect(clicked[0]!.href).toBe('blob:corte');
    expect(saved!.type).toBe('text/csv;charset=utf-8');
    const bytes = await readBytes(saved!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe(`Corte de caja,${DATE},Todas las sucursales`);
    expect(text).toContain('"Garrafones, ""agua"" (Sofía Ramírez)"');
    expect(text).toContain('Neto,55.00');
  });
});
