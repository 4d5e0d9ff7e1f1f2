import type { TPublicProduct } from '@sala/shared/catalog/catalog.contract';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/toast';
import { useSession } from '../../auth/api/get-session';
import { cartActions } from './use-cart';

export const storeMessages = {
  loginToAdd: 'Debes iniciar sesión para agregar productos al carrito',
  added: 'Paquete agregado al carrito',
} as const;

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
    cartActions.add({
      id: product.id,
      name: product.name,
      priceCents: product.priceCents,
      credits: product.credits,
      extra: product.extra,
    });
    notify.success(storeMessages.added);
  };
}
