/**
 * Ours, for the session the web app reads on every page (its own module: the landing page loads it, and none of
 * the other account texts).
 */
export const sessionMessages = {
  /** The server ended the session while the browser still had the user (deactivated, expired, password changed). */
  ended: 'Tu sesión se cerró. Vuelve a iniciar sesión para continuar.',
  /** The server ended it because the account was deactivated (the login's words for it, in sentence case). */
  accountDisabled:
    'Tu cuenta fue desactivada y se cerró tu sesión. Comunícate con un administrador para activarla.',
} as const;
