import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ShopPage from '../../app/routes/comprar';
import PurchaseSummaryPage from '../../app/routes/resumen';
import { jsonResponse, sessionClient } from '../../test/fixtures';
import { testQueryClient } from '../../test/query-client';
import { withNavigation } from '../../test/router';
import { cartActions } from './hooks/use-cart';
import { forgetSummaryAwayFromIt, type PaidSummary, savePurchaseSummary } from './purchase-summary';
import { basic, catalog, line } from './test-fixtures';

const paid: PaidSummary = {
  status: 'paid',
  method: 'card',
  orderId: 'd0000000-0000-4000-8000-000000000001',
  items: [line(basic, 1)],
  totalCents: 125_000,
  totalCredits: 5,
  paidAt: '2030-01-07T17:00:00.000Z',
  balance: 8,
};

const storedSummary = () => localStorage.getItem('pcSummary');

/** The app's store pages under a menu that links to the store, as the header does. */
function renderApp(at: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/catalog') return jsonResponse(catalog);
      if (url === '/api/auth/session') return jsonResponse({ user: sessionClient() });
      return jsonResponse({ error: { code: 'not-found', message: 'No existe.' } }, 404);
    }),
  );
  const router = createMemoryRouter(
    withNavigation([
      {
        element: (
          <>
            <nav>
              <Link to="/comprar">Comprar</Link>
            </nav>
            <Outlet />
          </>
        ),
        children: [
          { path: '/resumen', element: <PurchaseSummaryPage /> },
          { path: '/comprar', element: <ShopPage /> },
          { path: '/perfil', element: <p>Página de perfil</p> },
          { path: '/pago', element: <p>Página de pago</p> },
        ],
      },
    ]),
    { initialEntries: [at] },
  );
  // As src/main.tsx does, before the router renders.
  forgetSummaryAwayFromIt(router);
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the purchase summary is for the moment right after paying (issue 39)', () => {
  it("leaving /resumen by the menu's store link shows the store, not the old summary again", async () => {
    savePurchaseSummary(paid);
    const { router, user } = renderApp('/resumen');
    expect(screen.getByRole('heading', { name: 'Resumen de compra' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Comprar' }));
    expect(
      await screen.findByRole('button', { name: /Agregar al carrito \(Paquete Básico\)/ }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/comprar');
    expect(storedSummary()).toBeNull();
  });

  it("the browser's back button away from /resumen forgets it too", async () => {
    savePurchaseSummary(paid);
    const { router } = renderApp('/perfil');
    // Opened elsewhere, the app forgot it; saved again as a payment does, then shown.
    savePurchaseSummary(paid);
    await act(() => router.navigate('/resumen'));
    expect(await screen.findByRole('heading', { name: 'Resumen de compra' })).toBeVisible();
    await act(() => router.navigate(-1));
    expect(await screen.findByText('Página de perfil')).toBeVisible();
    expect(storedSummary()).toBeNull();
  });

  it('a reload of /resumen still shows it; opening the app on any other page forgets it', async () => {
    savePurchaseSummary(paid);
    renderApp('/resumen');
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('8 créditos');
    expect(storedSummary()).not.toBeNull();
  });

  it('a summary left from an earlier visit never sends /comprar back to it', async () => {
    savePurchaseSummary(paid);
    const { router } = renderApp('/comprar');
    expect(
      await screen.findByRole('button', { name: /Agregar al carrito \(Paquete Básico\)/ }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/comprar');
    expect(storedSummary()).toBeNull();
  });

  it('the payment goes from /pago to /resumen with the summary it just saved', async () => {
    const { router } = renderApp('/pago');
    savePurchaseSummary(paid);
    await act(() => router.navigate('/resumen', { replace: true }));
    expect(await screen.findByRole('heading', { name: 'Resumen de compra' })).toBeVisible();
    expect(storedSummary()).not.toBeNull();
  });

  it('adding to the cart forgets it', async () => {
    savePurchaseSummary(paid);
    cartActions.add(basic);
    await waitFor(() => expect(storedSummary()).toBeNull());
  });
});
