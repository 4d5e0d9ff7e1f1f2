import type { TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import { storeMessages } from '@sala/shared/store/store.messages';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/toast';
import { useSession } from '../../auth/api/get-session';
import { cartActions, MAX_CART_QUANTITY } from './use-cart';

/** The checkout contract's own words for the cap (its zod message). */
export const maxQuantityMessage = `La cantidad máxima es ${MAX_CART_QUANTITY}.`;

/** Adding to the cart needs a login (spec §6): visitors are told so and sent to the login page. */
export function useAddToCart() {
  const { user } = useSession();
  const navigate = useNavigate();
  return (product: TPublicProduct) => {
    if (!user) {
      notify.error(storeMessages.loginToAdd);
      navigate('/registro/iniciar-sesion');
      return;
    }
    const added = cartActions.add({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      credits: product.credits,
      extra: product.extra,
    });
    if (added) notify.success(storeMessages.added);
    else notify.warning(maxQuantityMessage);
  };
}
