import type { CartItem } from '@sala/shared/cart/cart.rules';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { testQueryClient } from '../../../test/query-client';
import { cartActions, MAX_CART_QUANTITY } from '../hooks/use-cart';
import { BASIC, basic, catalog, line, PRO, pro, summer } from '../test-fixtures';
import { CartView, NOT_FOR_SALE } from './cart-view';

function renderCart(items: CartItem[], answer: () => Response = () => jsonResponse(catalog)) {
  localStorage.setItem('cart', JSON.stringify(items));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartView />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const stored = () => JSON.parse(localStorage.getItem('cart') ?? 'null') as CartItem[];
const lineOf = (name: string) =>
  screen.getAllByTestId('cart-line').find((li) => within(li).queryByText(name))!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CartView (/mi-carrito) against the live catalog', () => {
  it('flags a product no longer sold, leaves it out of the totals, and removes it on request', async () => {
    const user = renderCart([line(basic, 2), line(summer, 1), line(pro, 1)]);
    expect(await screen.findByText(NOT_FOR_SALE)).toBeVisible();
    expect(lineOf('Paquete Verano')).toHaveAttribute('data-for-sale', 'false');
    expect(within(lineOf('Paquete Verano')).queryByRole('button', { name: /Agregar uno/ })).toBeNull();
    expect(lineOf('Paquete Básico')).toHaveAttribute('data-for-sale', 'true');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$4,800');
    // Decision 023: the total includes IVA, and says how much.
    expect(screen.getByTestId('cart-iva')).toHaveTextContent('$662.07');
    expect(screen.getByTestId('cart-total-credits')).toHaveTextContent('21 créditos');
    expect(screen.getByRole('status')).toHaveTextContent('Un producto de tu carrito ya no está a la venta');

    await user.click(screen.getByRole('button', { name: 'Quitarlo del carrito' }));
    expect(stored().map((item) => item.id)).toEqual([BASIC, PRO]);
    expect(screen.queryByText(NOT_FOR_SALE)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar al pago' })).toHaveAttribute('href', '/pago');
  });

  it("says how long each package's credits last, as the catalog says now (issue 44)", async () => {
    renderCart([line(basic, 1), line(pro, 1)], () =>
      jsonResponse({ ...catalog, packages: [basic, { ...pro, validityDays: 1 }] }),
    );
    await waitFor(() => expect(lineOf('Paquete Profesional')).toHaveTextContent('Vigencia: 1 día'));
    expect(lineOf('Paquete Básico')).not.toHaveTextContent('Vigencia');
    // The stored cart keeps only what it stored before.
    expect(stored()).toEqual([line(basic, 1), line(pro, 1)]);
  });

  it("shows and stores the catalog's current price", async () => {
    renderCart([{ ...line(basic, 2), priceCents: 100_000, name: 'Paquete Basico' }]);
    await waitFor(() => expect(stored()).toEqual([line(basic, 2)]));
    expect(screen.getByText('Paquete Básico')).toBeVisible();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$2,500');
  });

  it('with only products no longer sold, there is nothing to pay', async () => {
    renderCart([line(summer, 1)]);
    expect(await screen.findByText(NOT_FOR_SALE)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Continuar al pago' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$0');
  });

  it('when the catalog cannot be read, the stored cart is shown as it is', async () => {
    renderCart([line(summer, 1)], () => jsonResponse({ error: { code: 'internal', message: 'x' } }, 500));
    expect(await screen.findByText('Paquete Verano')).toBeVisible();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByText(NOT_FOR_SALE)).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$900');
  });

  it('keeps quantity between 1 and the maximum', async () => {
    const user = renderCart([line(basic, 1), line(pro, MAX_CART_QUANTITY)]);
    await screen.findAllByTestId('cart-line');
    expect(screen.getByRole('button', { name: 'Quitar uno de Paquete Básico' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Agregar uno de Paquete Profesional' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Agregar uno de Paquete Básico' }));
    expect(stored()[0]!.quantity).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Quitar uno de Paquete Profesional' }));
    expect(stored()[1]!.quantity).toBe(MAX_CART_QUANTITY - 1);
  });

  it('removes a line and empties the cart', async () => {
    const user = renderCart([line(basic, 1), line(pro, 1)]);
    await user.click(await screen.findByRole('button', { name: 'Eliminar Paquete Básico del carrito' }));
    expect(stored().map((item) => item.id)).toEqual([PRO]);
    await user.click(screen.getByRole('button', { name: 'Vaciar carrito' }));
    expect(stored()).toEqual([]);
    expect(screen.getByText('Tu carrito está vacío')).toBeVisible();
  });
});

describe('cartActions', () => {
  it(`adds up to ${MAX_CART_QUANTITY} of a product, and reads a larger stored quantity as the maximum`, () => {
    localStorage.setItem('cart', JSON.stringify([line(basic, MAX_CART_QUANTITY - 1)]));
    expect(cartActions.add(basic)).toBe(true);
    expect(cartActions.add(basic)).toBe(false);
    expect(stored()[0]!.quantity).toBe(MAX_CART_QUANTITY);
    localStorage.setItem('cart', JSON.stringify([line(basic, 500)]));
    cartActions.increase(BASIC);
    expect(stored()[0]!.quantity).toBe(MAX_CART_QUANTITY);
  });
});
