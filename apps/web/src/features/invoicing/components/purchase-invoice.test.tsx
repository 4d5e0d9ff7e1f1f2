import type { TInvoiceSummary } from '@sala/shared/invoicing/invoicing.contract';
import { invoicingMessages as m } from '@sala/shared/invoicing/invoicing.messages';
import { businessDate } from '@sala/shared/time/business-time';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { spyOnToasts } from '../../../test/toasts';
import type { MyInvoice } from '../api/invoicing-api';
import { PurchaseInvoice } from './purchase-invoice';

const notify = spyOnToasts();

const order = { id: 'd0000000-0000-4000-8000-000000000001', folio: 123, status: 'completed' };
const invoice = (over: Partial<TInvoiceSummary>): TInvoiceSummary => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  kind: 'order',
  status: 'valid',
  series: 'F',
  folioNumber: 7,
  uuid: 'AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE',
  totalCents: 116_000,
  customer: {
    rfc: 'COSC8001137NA',
    legalName: 'COSME FULANITO',
    taxSystem: '612',
    zip: '06700',
    cfdiUse: 'G03',
    email: null,
  },
  stampedAt: '2026-11-27T18:00:00.000Z',
  isTest: false,
  error: null,
  cancellation: null,
  ...over,
});
const today = businessDate(new Date());
const answer = (over: Partial<MyInvoice>): MyInvoice => ({
  orderId: order.id,
  invoice: null,
  askUntil: '9999-12-31',
  mode: 'live',
  ...over,
});

function renderCell(value: MyInvoice) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PurchaseInvoice order={order} answer={value} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a purchase’s invoice in Mis pedidos (issue 42)', () => {
  it('asks for it while the window is open', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(answer({ invoice: invoice({ status: 'queued', uuid: null }) })),
    );
    vi.stubGlobal('fetch', fetch);
    renderCell(answer({ askUntil: today }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Solicitar factura del pedido 123' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(m.requested));
    expect(fetch).toHaveBeenCalledWith(
      `/api/me/orders/${order.id}/invoice`,
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('downloads the PDF and the XML once stamped; says it is being made while queued', () => {
    renderCell(answer({ invoice: invoice({}) }));
    expect(screen.getByRole('link', { name: 'Descargar PDF de la factura F-7' })).toHaveAttribute(
      'href',
      '/api/invoices/e0000000-0000-4000-8000-000000000001/pdf',
    );
    expect(screen.getByRole('link', { name: 'Descargar XML de la factura F-7' })).toBeInTheDocument();
  });

  it('a refusal says the PAC’s reason, where to fix the data, and lets the client ask again', () => {
    renderCell(
      answer({
        invoice: invoice({
          status: 'failed',
          uuid: null,
          error: { message: 'El nombre no coincide.', field: 'legalName' },
        }),
      }),
    );
    expect(
      screen.getByText(/El SAT no aceptó los datos fiscales: El nombre no coincide\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Corregir datos fiscales' })).toHaveAttribute(
      'href',
      '#datos-fiscales',
    );
    expect(screen.getByRole('button', { name: /Solicitar factura del pedido/ })).toHaveTextContent(
      'Solicitar de nuevo',
    );
  });

  it('after the window, says until when it could be asked', () => {
    renderCell(answer({ askUntil: '2026-01-31' }));
    expect(screen.getByText('Plazo vencido el sábado 31 de enero de 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
