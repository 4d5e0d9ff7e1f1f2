import type { TCreditLot } from '@sala/shared/credits/credit-lots.contract';
import { creditLotMessages } from '@sala/shared/credits/credit-lots.messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { creditLot, jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import { AdjustCreditsDialog } from './client-account';
import { ClientCreditLots } from './client-credit-lots';

const notify = spyOnToasts();

const CLIENT = 'c1000000-0000-4000-8000-000000000001';
const LIVE = creditLot({ id: 'f1000000-0000-4000-8000-000000000001', remaining: 3, expiresOn: '2030-01-12' });
const FOREVER = creditLot({
  id: 'f1000000-0000-4000-8000-000000000002',
  source: 'opening',
  credits: 4,
  remaining: 4,
});
const SPENT = creditLot({
  id: 'f1000000-0000-4000-8000-000000000003',
  source: 'pos',
  remaining: 0,
  status: 'spent',
});
const EXPIRED = creditLot({
  id: 'f1000000-0000-4000-8000-000000000004',
  source: 'adjustment',
  remaining: 0,
  expired: 2,
  expiresOn: '2029-12-01',
  status: 'expired',
});

type Call = { url: string; method: string; body: unknown };

/** The client's lots, and what the extension and the adjustment answer. */
function fakeApi({
  lots = [LIVE, FOREVER, SPENT, EXPIRED],
  extend = () => jsonResponse({ lot: { ...LIVE, expiresOn: '2030-02-12' } }),
  adjust = () => jsonResponse({ balance: 12 }),
}: {
  lots?: TCreditLot[];
  extend?: () => Response;
  adjust?: () => Response;
} = {}) {
  const calls: Call[] = [];
  let extended = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ url, method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (method === 'POST' && url.endsWith('/extend')) {
        const answer = extend();
        extended = answer.ok;
        return answer;
      }
      if (method === 'POST') return adjust();
      if (url === `/api/users/${CLIENT}/credit-lots`) {
        const now = extended
          ? lots.map((l) => (l.id === LIVE.id ? { ...l, expiresOn: '2030-02-12' } : l))
          : lots;
        return jsonResponse({ today: '2030-01-07', lots: now });
      }
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
  return { calls, lotReads: () => calls.filter((c) => c.url.endsWith('/credit-lots')).length };
}

function renderLots(canExtend: boolean) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ClientCreditLots userId={CLIENT} canExtend={canExtend} />
    </QueryClientProvider>,
  );
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

beforeEach(() => {
  for (const fn of Object.values(notify)) fn.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ClientCreditLots (/admin/usuarios/:id, issue 44)', () => {
  it('lists each lot: where it came from, its credits, what is left, its last day and its state', async () => {
    fakeApi();
    renderLots(false);
    const table = await screen.findByRole('table', { name: 'Paquetes de créditos del cliente' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Origen', 'Créditos', 'Quedan', 'Vence', 'Estado']);
    const cells = (tr: HTMLElement) =>
      within(tr)
        .getAllByRole('cell')
        .map((td) => td.textContent);
    expect(cells(await rowOf('Compra en línea'))).toEqual([
      'Compra en línea1 de diciembre de 2029',
      '5',
      '3',
      '12 de enero de 2030',
      'Vigente',
    ]);
    expect(cells(await rowOf('Saldo anterior')).slice(1)).toEqual(['4', '4', 'Sin vencimiento', 'Vigente']);
    expect(cells(await rowOf('Compra en recepción')).at(-1)).toBe('Usado');
    expect(cells(await rowOf('Ajuste')).slice(3)).toEqual(['1 de diciembre de 2029', 'Vencido (2)']);
    // Only the super admin extends.
    expect(screen.queryByRole('button', { name: /^Extender/ })).not.toBeInTheDocument();
  });

  it('the super admin extends a live lot with a later date and a reason; the list refreshes', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderLots(true);
    // Only a live lot with a last day can be extended.
    expect(await screen.findAllByRole('button', { name: /^Extender/ })).toHaveLength(1);
    await user.click(within(await rowOf('Compra en línea')).getByRole('button', { name: /^Extender/ }));

    const dialog = screen.getByRole('dialog', { name: 'Extender vigencia' });
    expect(dialog).toHaveAccessibleDescription('Compra en línea: 3 créditos vencen el 12 de enero de 2030.');
    const date = within(dialog).getByLabelText(/Nueva fecha de vencimiento/);
    expect(date).toHaveAttribute('min', '2030-01-13');
    expect(date).toHaveValue('2030-01-13');
    await user.click(within(dialog).getByRole('button', { name: 'Extender' }));
    expect(await within(dialog).findByText(creditLotMessages.reasonRequired)).toBeVisible();

    await user.clear(date);
    await user.type(date, '2030-02-12');
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Incapacidad médica');
    const reads = api.lotReads();
    await user.click(within(dialog).getByRole('button', { name: 'Extender' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Vigencia extendida'));
    expect(api.calls.find((c) => c.method === 'POST')).toEqual({
      url: `/api/users/${CLIENT}/credit-lots/${LIVE.id}/extend`,
      method: 'POST',
      body: { expiresOn: '2030-02-12', reason: 'Incapacidad médica' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.lotReads()).toBeGreaterThan(reads));
    expect(await screen.findByText('12 de febrero de 2030')).toBeVisible();
  });

  it("shows the API's refusal under the date", async () => {
    fakeApi({
      extend: () =>
        jsonResponse(
          {
            error: {
              code: 'aborted',
              message: creditLotMessages.expiryTooFar,
              fields: { expiresOn: creditLotMessages.expiryTooFar },
            },
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderLots(true);
    await user.click(await screen.findByRole('button', { name: /^Extender/ }));
    const dialog = screen.getByRole('dialog', { name: 'Extender vigencia' });
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Viaje largo');
    await user.click(within(dialog).getByRole('button', { name: 'Extender' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(creditLotMessages.expiryTooFar));
    expect(within(dialog).getByLabelText(/Nueva fecha de vencimiento/)).toHaveAccessibleDescription(
      expect.stringContaining(creditLotMessages.expiryTooFar),
    );
    expect(notify.success).not.toHaveBeenCalled();
  });
});

describe('AdjustCreditsDialog: the last day of credits added (issue 44)', () => {
  function renderAdjust() {
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <AdjustCreditsDialog userId={CLIENT} balance={10} onClose={onClose} />
      </QueryClientProvider>,
    );
    return onClose;
  }

  it('asks for a last day only when credits are added, and sends it (empty: never expire)', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    const onClose = renderAdjust();
    const amount = screen.getByRole('textbox', { name: /Créditos/ });
    await user.type(amount, '-2');
    expect(screen.queryByLabelText('Vence el')).not.toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '3');
    const date = screen.getByLabelText('Vence el');
    expect(date).toHaveAccessibleDescription('Vacío: los créditos no vencen.');
    await user.type(date, '2030-03-31');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Cortesía por aniversario');
    await user.click(screen.getByRole('button', { name: 'Ajustar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      delta: 3,
      reason: 'Cortesía por aniversario',
      expiresOn: '2030-03-31',
    });
  });

  it('sends no date with a subtraction, and null for credits added without one', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderAdjust();
    await user.type(screen.getByRole('textbox', { name: /Créditos/ }), '+2');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Reposición');
    await user.click(screen.getByRole('button', { name: 'Ajustar' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        delta: 2,
        reason: 'Reposición',
        expiresOn: null,
      }),
    );
  });

  it("shows the API's refusal of the date under it", async () => {
    fakeApi({
      adjust: () =>
        jsonResponse(
          {
            error: {
              code: 'invalid-argument',
              message: creditLotMessages.expiryPast,
              fields: { expiresOn: creditLotMessages.expiryPast },
            },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    const onClose = renderAdjust();
    await user.type(screen.getByRole('textbox', { name: /Créditos/ }), '1');
    await user.type(screen.getByLabelText('Vence el'), '2020-01-01');
    await user.type(screen.getByRole('textbox', { name: 'Motivo' }), 'Prueba');
    await user.click(screen.getByRole('button', { name: 'Ajustar' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(creditLotMessages.expiryPast));
    expect(screen.getByLabelText('Vence el')).toHaveAccessibleDescription(
      expect.stringContaining(creditLotMessages.expiryPast),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
