import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { catalogQuery } from '../api/get-catalog';
import { reconcileCart } from '../cart-catalog';
import { cartActions, useCart } from './use-cart';

/**
 * The cart as it can be bought now: compared with the live catalog (read afresh on the cart and payment pages),
 * lines no longer sold are set apart, and the stored lines take the catalog's current name and price.
 */
export function useCartWithCatalog() {
  const cart = useCart();
  const catalog = useQuery({ ...catalogQuery(), staleTime: 0 });
  const reconciled = useMemo(() => reconcileCart(cart.items, catalog.data), [cart.items, catalog.data]);

  useEffect(() => {
    if (reconciled.refreshed) cartActions.replace(reconciled.refreshed);
  }, [reconciled.refreshed]);

  return {
    ...cartActions,
    items: cart.items,
    ...reconciled,
    catalogLoaded: catalog.data !== undefined,
    catalogFailed: catalog.isError && catalog.data === undefined,
  };
}
