import type { TInvoicingSettingsResponse } from '@sala/shared/invoicing/invoicing.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { InvoicingSettings } from './invoicing-settings-form';

const saved: TInvoicingSettingsResponse = {
  settings: {
    rfc: 'EKU9003173C9',
    legalName: 'ESCUELA KEMPER URGATE',
    taxSystem: '601',
    zip: '06700',
    series: 'F',
    nextFolio: 7,
    defaultProductKey: '80131502',
    defaultUnitKey: 'E48',
    globalPeriodicity: 'month',
    requestWindowDays: null,
  },
  products: [],
  mode: 'test',
};

/** The screen on a mocked API; returns the bodies of the saves it sent. */
function renderScreen() {
  const puts: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url !== '/api/invoicing/settings') throw new Error(`unexpected ${url}`);
      if (init?.method === 'PUT') puts.push(JSON.parse(String(init.body)));
      return jsonResponse(saved);
    }),
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <InvoicingSettings />
    </QueryClientProvider>,
  );
  return puts;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the issuer settings form (issue 42)', () => {
  it('sends the next folio only when the business changed it', async () => {
    const user = userEvent.setup();
    const puts = renderScreen();
    const name = await screen.findByLabelText('Razón social');
    expect(screen.getByLabelText('Siguiente folio')).toHaveValue(7);
    // An invoice issued since the page loaded may have taken folio 7: an untouched folio is left to the server.
    await user.clear(name);
    await user.type(name, 'ESCUELA KEMPER URGATE SA');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de facturación' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ legalName: 'ESCUELA KEMPER URGATE SA', series: 'F' });
    expect(puts[0]).not.toHaveProperty('nextFolio');

    await user.clear(screen.getByLabelText('Siguiente folio'));
    await user.type(screen.getByLabelText('Siguiente folio'), '120');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de facturación' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ nextFolio: 120 });
  });
});
