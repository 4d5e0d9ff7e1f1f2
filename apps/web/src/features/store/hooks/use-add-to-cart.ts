import { cartMessages } from '@sala/shared/cart/cart.messages';
import type { TCatalogResponse, TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import { useEffect, useRef } from 'react';
import { notify } from '../../../components/ui/toast';
import { useAppLocation, useQueryParams } from '../../../lib/navigation';
import { useSession } from '../../auth/api/get-session';
import { useSendToLogin } from '../../auth/api/login-return';
import { cartActions, MAX_CART_QUANTITY } from './use-cart';

/** The checkout contract's own words for the cap (its zod message). */
export const maxQuantityMessage = `La cantidad máxima es ${MAX_CART_QUANTITY}.`;

/** The query parameter that carries a visitor's product through the login: /comprar?agregar=<id>. */
export const ADD_PARAM = 'agregar';

/**
 * Adding to the cart needs a login (docs/business-rules.md §6): a visitor is told so and sent to the login, which brings them back
 * to the same page with the product in the URL (as the booking wizard keeps its choice); the page then adds it.
 */
export function useAddToCart(catalog: TCatalogResponse | undefined) {
  const { user } = useSession();
  const toLogin = useSendToLogin();
  const { pathname } = useAppLocation();
  const [params, setParams] = useQueryParams();
  const pending = params.get(ADD_PARAM);
  const handled = useRef<string>(null);

  const add = (product: TPublicProduct) => {
    const added = cartActions.add({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      credits: product.credits,
      extra: product.extra,
    });
    if (!added) notify.warning(maxQuantityMessage);
    else if (catalog?.services.some((s) => s.id === product.id)) notify.success(cartMessages.serviceAdded);
    else notify.success(cartMessages.added);
  };

  // Back from the login: the product goes in once, and its parameter leaves the URL (a reload adds nothing).
  useEffect(() => {
    if (!pending || !user || !catalog || handled.current === pending) return;
    handled.current = pending;
    const product = [...catalog.packages, ...catalog.services].find((p) => p.id === pending);
    if (product) add(product);
    const rest = new URLSearchParams(params);
    rest.delete(ADD_PARAM);
    setParams(rest, { replace: true });
  });

  return (product: TPublicProduct) => {
    if (user) return add(product);
    notify.error(cartMessages.loginToAdd);
    const back = new URLSearchParams(params);
    back.set(ADD_PARAM, product.id);
    toLogin(`${pathname}?${back}`);
  };
}
