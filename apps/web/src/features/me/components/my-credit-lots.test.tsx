import type { TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { creditLot, jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { MyCreditLots } from './my-credit-lots';

function renderLots(lots: TCreditLot[], today = '2030-01-07') {
  const fetch = vi.fn(async () => jsonResponse({ today, lots }));
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <p>Perfil</p>
      <MyCreditLots />
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyCreditLots (/perfil, issue 44)', () => {
  it('says when each lot expires, soonest first, and sums the credits that never expire', async () => {
    const fetch = renderLots([
      creditLot({ remaining: 1, expiresOn: '2030-01-10' }),
      creditLot({ remaining: 3, expiresOn: '2030-03-12' }),
      creditLot({ remaining: 2, expiresOn: '2031-01-05', source: 'adjustment' }),
      creditLot({ remaining: 4, source: 'opening' }),
      creditLot({ remaining: 1, source: 'booking_refund' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Mis créditos' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '1 crédito vence el 10 de enero',
      '3 créditos vencen el 12 de marzo',
      // Another year than today's: it says which.
      '2 créditos vencen el 5 de enero de 2031',
      '5 créditos sin vencimiento',
    ]);
    expect(fetch).toHaveBeenCalledWith('/api/me/credit-lots', expect.anything());
  });

  it('says only what never expires when no lot has a last day', async () => {
    renderLots([creditLot({ remaining: 1 })]);
    const list = await screen.findByRole('list', { name: 'Mis créditos' });
    expect(list).toHaveTextContent(/^1 crédito sin vencimiento$/);
  });

  it('shows nothing for a client without credits', async () => {
    const fetch = renderLots([]);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await screen.findByText('Perfil');
    expect(screen.queryByText('Mis créditos')).not.toBeInTheDocument();
    expect(screen.queryByTestId('my-credit-lots')).not.toBeInTheDocument();
  });
});
