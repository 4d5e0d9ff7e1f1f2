import { useNavigation } from '../../../lib/navigation';

export const LOGIN_PATH = '/registro/iniciar-sesion';

/** Mi perfil's security section (issue 45): the second factor and the open logins. */
export const SECURITY_SECTION_ID = 'seguridad';
export const SECURITY_PATH = `/perfil#${SECURITY_SECTION_ID}`;

/** What the login page is told about where the visitor came from. */
export const loginState = (from: string) => ({ from });

/**
 * Sends a visitor to the login page, to come back afterwards to `returnTo` (by default this very page with its
 * query). What a page needs to pick up where the visitor left off travels in that URL: the booking wizard's
 * choice, the product a visitor was adding to the cart.
 */
export function useSendToLogin() {
  const {
    navigate,
    location: { pathname, search },
  } = useNavigation();
  return (returnTo = pathname + search) => navigate(LOGIN_PATH, { state: loginState(returnTo) });
}
