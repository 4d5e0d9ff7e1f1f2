import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_FAILURE_MESSAGE, COPY_SUCCESS_MESSAGE } from '../../../components/ui/copy-field';
import { withNavigation } from '../../../test/router';
import { spyOnToasts } from '../../../test/toasts';
import {
  forgetSummaryAwayFromIt,
  type PaidSummary,
  type PendingSummary,
  useOpenedPurchaseSummary,
} from '../purchase-summary';
import { PurchaseSummaryView, summaryHeroTitle } from './purchase-summary-view';

const notify = spyOnToasts();

const summary: PaidSummary = {
  status: 'paid',
  method: 'card',
  orderId: 'd0000000-0000-4000-8000-000000000001',
  folio: 123,
  items: [
    { id: 'a', name: 'Paquete Básico', priceCents: 125_000, credits: 5, extra: 0, quantity: 2 },
    { id: 'b', name: 'Paquete Profesional', priceCents: 230_000, credits: 10, extra: 1, quantity: 1 },
  ],
  totalCents: 480_000,
  totalCredits: 21,
  paidAt: '2030-01-07T17:00:00.000Z',
  balance: 24,
};

function Page() {
  const saved = useOpenedPurchaseSummary();
  return saved ? <PurchaseSummaryView summary={saved} /> : <p>Sin resumen</p>;
}

const { status: _status, method: _method, paidAt: _paidAt, balance: _balance, ...lines } = summary;

const oxxo: PendingSummary = {
  ...lines,
  status: 'pending',
  method: 'oxxo',
  instructions: {
    kind: 'oxxo',
    number: '12345678901234567890',
    hostedUrl: 'https://payments.stripe.com/oxxo/voucher/test_1',
    expiresAt: '2030-01-10T05:59:00.000Z',
  },
};

const spei: PendingSummary = {
  ...lines,
  status: 'pending',
  method: 'spei',
  instructions: {
    kind: 'spei',
    clabe: '646180111812345678',
    bankName: 'STP',
    reference: 'SALA4800',
    hostedUrl: null,
    expiresAt: '2030-01-10T05:59:00.000Z',
  },
};

function renderSummary(value: unknown) {
  localStorage.setItem('pcSummary', JSON.stringify(value));
  const router = createMemoryRouter(
    withNavigation([
      { path: '/resumen', element: <Page /> },
      { path: '/reserva', element: <p>Página de reserva</p> },
      { path: '/perfil', element: <p>Página de perfil</p> },
      { path: '/perfil/mis-pedidos', element: <p>Página de mis pedidos</p> },
    ]),
    { initialEntries: ['/resumen'] },
  );
  forgetSummaryAwayFromIt(router);
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

describe('PurchaseSummaryView (/resumen)', () => {
  it('shows the items, the credits received, the total paid and the new balance', () => {
    renderSummary(summary);
    expect(screen.getByText('Paquete Básico')).toBeVisible();
    expect(screen.getByTestId('summary-credits')).toHaveTextContent('21 créditos');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$4,800');
    // Decision 023: the IVA part of the total paid.
    expect(screen.getByTestId('summary-iva')).toHaveTextContent('$662.07');
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('24 créditos');
  });

  it('names the order by its folio, never by its id (issue 39)', () => {
    renderSummary(summary);
    expect(screen.getByText(/Folio: A-00123/)).toBeVisible();
    expect(document.body).not.toHaveTextContent(summary.orderId);
  });

  it('an older summary, without a balance, a status, a method or a folio, still shows as paid', () => {
    const { balance: _, status: _s, method: _m, folio: _f, ...older } = summary;
    renderSummary(older);
    expect(screen.getByRole('heading', { name: 'Resumen de compra' })).toBeVisible();
    // Its order's id is no folio: none is shown.
    expect(document.body).not.toHaveTextContent(summary.orderId);
    expect(screen.queryByText(/Folio/)).not.toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$4,800');
    expect(screen.queryByTestId('summary-balance')).not.toBeInTheDocument();
    expect(summaryHeroTitle({ ...summary, ...older })).toBe('¡Gracias por tu compra!');
  });

  it.each([
    ['Reservar una sesión', '/reserva', 'Página de reserva'],
    ['Ir a mi perfil', '/perfil', 'Página de perfil'],
  ])("'%s' goes to %s and forgets the summary", async (name, path, text) => {
    const { router, user } = renderSummary(summary);
    await user.click(screen.getByRole('link', { name }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('pcSummary')).toBeNull();
  });
});

describe('PurchaseSummaryView (/resumen) of an OXXO or SPEI purchase', () => {
  beforeEach(() => {
    for (const fn of Object.values(notify)) fn.mockReset();
  });
  const original = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
  /** After userEvent.setup(), which installs a clipboard of its own. */
  const setClipboard = (value: unknown) =>
    Object.defineProperty(window.navigator, 'clipboard', { configurable: true, value });
  afterEach(() => {
    if (original) Object.defineProperty(window.navigator, 'clipboard', original);
    else Reflect.deleteProperty(window.navigator, 'clipboard');
  });

  it('OXXO: pending, the voucher number to copy, the amount, the expiry and the printable voucher', async () => {
    const { user } = renderSummary(oxxo);
    const writeText = vi.fn().mockResolvedValue(undefined);
    setClipboard({ writeText });
    expect(summaryHeroTitle(oxxo)).toBe('¡Ya casi!');
    expect(screen.getByRole('heading', { name: 'Ficha de pago OXXO' })).toBeVisible();
    expect(screen.getByText('Pendiente de pago')).toHaveAttribute('data-state', 'pending');
    expect(
      screen.getByText(
        // Issue 39: this page's server sends no e-mail (no site configuration in the test): no e-mail promised.
        'Tus créditos se agregarán a tu cuenta cuando se confirme el pago. Este sitio todavía no envía correos, así que guarda estos datos: no te llegarán por correo.',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('voucher-number')).toHaveTextContent(/^12345678901234567890$/);
    // Decision 023: the reference as the barcode the cashier scans (drawn by its own lazy chunk).
    const barcode = await screen.findByRole('img', {
      name: 'Código de barras de la referencia 12345678901234567890',
    });
    expect(barcode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // The order by its folio (issue 39), never its id.
    expect(screen.getByText('Folio: A-00123')).toBeVisible();
    expect(document.body).not.toHaveTextContent(oxxo.orderId);
    expect(screen.getByTestId('instructions-amount')).toHaveTextContent('$4,800');
    expect(screen.getByText(/^IVA incluido, en efectivo, en cualquier tienda OXXO$/)).toBeVisible();
    // 24 h, as every time in the app (issue 39): '23:59', never '11:59 p.m.'.
    expect(screen.getByTestId('instructions-expiry')).toHaveTextContent(/^Vence el 9 ene 2030, 23:59/);
    const voucher = screen.getByRole('link', { name: /Ver ficha para imprimir/ });
    expect(voucher).toHaveAttribute('href', 'https://payments.stripe.com/oxxo/voucher/test_1');
    expect(voucher).toHaveAttribute('target', '_blank');
    expect(voucher).toHaveAttribute('rel', expect.stringContaining('noopener'));

    // Nothing is paid yet: what the credits and the total will be, and no balance.
    const lines = screen.getByRole('region', { name: 'Productos' });
    expect(within(lines).getByText('Créditos al confirmar el pago')).toBeVisible();
    expect(within(lines).getByText('Total a pagar')).toBeVisible();
    expect(screen.queryByText('Total pagado')).not.toBeInTheDocument();
    expect(screen.queryByTestId('summary-balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Reservar una sesión/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copiar número' }));
    expect(writeText).toHaveBeenCalledWith('12345678901234567890');
    expect(notify.success).toHaveBeenCalledWith(COPY_SUCCESS_MESSAGE);

    // The voucher goes to paper with its barcode (the browser's print; the page hides the rest).
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Imprimir ficha' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('SPEI: the CLABE, the bank, the reference and the exact amount; no printable link without one', async () => {
    const { user } = renderSummary(spei);
    setClipboard(undefined);
    expect(screen.getByRole('heading', { name: 'Datos para tu transferencia SPEI' })).toBeVisible();
    expect(screen.getByTestId('spei-clabe')).toHaveTextContent(/^646180111812345678$/);
    expect(screen.getByText('STP')).toBeVisible();
    expect(screen.getByTestId('spei-reference')).toHaveTextContent('SALA4800');
    expect(screen.getByTestId('instructions-amount')).toHaveTextContent(
      /^Transfiere exactamente \$4,800 \(IVA incluido\)$/,
    );
    expect(screen.getByTestId('instructions-expiry')).toHaveTextContent(/^Tu pedido vence el 9 ene 2030/);
    expect(screen.queryByRole('link', { name: /Ver instrucciones/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Código de barras/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir ficha' })).not.toBeInTheDocument();

    // A browser without the clipboard says to copy it by hand; nothing breaks.
    await user.click(screen.getByRole('button', { name: 'Copiar CLABE' }));
    expect(notify.error).toHaveBeenCalledWith(COPY_FAILURE_MESSAGE);
  });

  it.each([
    ['Ver mis pedidos', '/perfil/mis-pedidos', 'Página de mis pedidos'],
    ['Ir a mi perfil', '/perfil', 'Página de perfil'],
  ])("'%s' goes to %s and forgets the summary", async (name, path, text) => {
    const { router, user } = renderSummary(oxxo);
    await user.click(screen.getByRole('link', { name }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
    expect(localStorage.getItem('pcSummary')).toBeNull();
  });

  it('a pending summary without its instructions is not shown', () => {
    const { instructions: _, ...broken } = oxxo;
    renderSummary(broken);
    expect(screen.getByText('Sin resumen')).toBeVisible();
  });
});
