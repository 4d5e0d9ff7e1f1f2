import type { TReport } from '@sala/shared/dashboard/dashboard.contract';
import { reportCsv } from '@sala/shared/dashboard/sales';
import { freezeClock } from '@sala/shared/time/freeze-clock';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { ReportsScreen } from './reports-screen';

const VALLE = 'd1000000-0000-4000-8000-0000000000b1';

const report: TReport = {
  from: '2029-12-01',
  to: '2029-12-02',
  days: [
    { date: '2029-12-01', cashCents: 50_000, cardCents: 0, transferCents: 12_000, onlineCents: 0 },
    { date: '2029-12-02', cashCents: 0, cardCents: 30_000, transferCents: 0, onlineCents: 90_000 },
  ],
  expensesCents: 7_000,
  invoicing: { invoicedCents: 0, inGlobalCents: 0, notInvoicedCents: 0 },
  credits: { sold: 12, used: 9, expired: 5, outstanding: 44 },
  expiredPerMonth: [
    { month: '2029-11', credits: 2 },
    { month: '2029-12', credits: 3 },
  ],
  products: [{ name: 'Paquete Básico', quantity: 2, totalCents: 90_000 }],
  occupancy: [{ branchId: VALLE, branchName: 'Valle', booked: 6, bookable: 16, rate: 37.5 }],
  heatmap: [{ weekday: 6, hour: '10:00', booked: 3, bookable: 4, rate: 75 }],
};

function renderScreen(path: string, answer: TReport = report) {
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/branches/options') return jsonResponse([{ id: VALLE, name: 'Valle' }]);
    if (url.startsWith('/api/reports?')) return jsonResponse(answer);
    throw new Error(`unexpected ${url}`);
  });
  vi.stubGlobal('fetch', fetch);
  const queryClient = testQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <ReportsScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(
        new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(reader.result as ArrayBuffer)),
      );
    reader.readAsArrayBuffer(blob);
  });

// The reports reach five years back and one ahead of today: a fixed today, the 7th of January 2030 in Mexico City.
beforeEach(() => {
  freezeClock(new Date('2030-01-08T05:30:00Z'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the reports', () => {
  it('reports the last 30 days of every branch unless told', async () => {
    const fetch = renderScreen('/admin/reportes');
    await screen.findByTestId('report-net');
    expect(fetch).toHaveBeenCalledWith('/api/reports?from=2029-12-09&to=2030-01-07', expect.anything());
  });

  it("shows the range's sales by day and method, expenses and net, credits, products and occupancy", async () => {
    const fetch = renderScreen(`/admin/reportes?desde=2029-12-01&hasta=2029-12-02&sucursal=${VALLE}`);
    await screen.findByTestId('report-net');
    expect(fetch).toHaveBeenCalledWith(
      `/api/reports?from=2029-12-01&to=2029-12-02&branchId=${VALLE}`,
      expect.anything(),
    );
    expect(screen.getByText(/sábado 1 de diciembre de 2029/)).toBeVisible();
    const sales = screen.getByTestId('reporte-ventas');
    const day = within(sales).getByRole('row', { name: /sáb 1 dic/ });
    expect(
      within(day)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$500', '$0', '$120', '$0']);
    expect(within(sales).getByTestId('money-total')).toHaveTextContent('$1,820');
    expect(screen.getByTestId('report-expenses')).toHaveTextContent('-$70');
    expect(screen.getByTestId('report-net')).toHaveTextContent('$1,750');
    expect(screen.getByTestId('credits-outstanding')).toHaveTextContent('44');
    // Issue 44: the credits that expired, in all and month by month.
    expect(screen.getByTestId('credits-expired')).toHaveTextContent('5');
    const expired = within(screen.getByTestId('report-expired-per-month')).getByRole('table', {
      name: 'Créditos vencidos por mes',
    });
    expect(
      within(expired)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['noviembre de 20292', 'diciembre de 20293']);
    expect(
      within(screen.getByTestId('reporte-productos')).getByRole('row', { name: /Paquete Básico/ }),
    ).toHaveTextContent('Paquete Básico2$900');
    const occupancy = screen.getByTestId('report-occupancy');
    // The hours in their columns, and again under the rate for a phone (shown there alone).
    expect(within(occupancy).getByRole('row', { name: /Valle/ })).toHaveTextContent(
      'Valle61637.5 %6 de 16 h',
    );
    expect(within(screen.getByTestId('heatmap')).getByTitle('sábado 10:00: 75 % (3 de 4)')).toHaveTextContent(
      '75',
    );
  });

  it('says when no credit expired in the period (issue 44)', async () => {
    renderScreen('/admin/reportes', {
      ...report,
      credits: { ...report.credits, expired: 0 },
      expiredPerMonth: [],
    });
    expect(await screen.findByTestId('report-expired-per-month')).toHaveTextContent(
      'Sin créditos vencidos en el periodo',
    );
    expect(screen.getByTestId('credits-expired')).toHaveTextContent('0');
  });

  it('shows no expenses as $0, not as a negative zero', async () => {
    renderScreen('/admin/reportes', { ...report, expensesCents: 0 });
    expect(await screen.findByTestId('report-expenses')).toHaveTextContent(/^\$0$/);
    expect(screen.getByTestId('report-net')).toHaveTextContent('$1,820');
  });

  it('explains a range the API would refuse instead of asking it', async () => {
    const fetch = renderScreen('/admin/reportes?desde=2029-12-05&hasta=2029-12-01');
    expect(await screen.findByText('La fecha inicial debe ser anterior o igual a la final.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2028-01-01' } });
    expect(await screen.findByText('Un reporte abarca a lo más 366 días.')).toBeVisible();
    expect(fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/api/reports'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toBeDisabled();
  });

  it("downloads the report as CSV with the corte's conventions, named by its range", async () => {
    let saved: Blob | undefined;
    // jsdom has no object URLs: these two stand in for the browser's.
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved = blob;
        return 'blob:reporte';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderScreen(`/admin/reportes?desde=2029-12-01&hasta=2029-12-02&sucursal=${VALLE}`);
    await screen.findByTestId('report-net');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe('reporte-2029-12-01-a-2029-12-02.csv');
    expect(saved!.type).toBe('text/csv;charset=utf-8');
    expect(await readText(saved!)).toBe(reportCsv(report, 'Valle'));
  });
});
