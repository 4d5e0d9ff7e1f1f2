/**
 * Every path the web app answers with a page (spec §2). The server sends the app with 200 for these and with 404
 * for anything else (the app then shows its 404 page), so search engines and link checkers see real 404s.
 * The router (apps/web/src/app/router.tsx) is tested to declare exactly these.
 */
export const PUBLIC_PAGES = [
  '/',
  '/nosotros',
  '/equipo',
  '/reserva',
  '/comprar',
  '/perfil',
  '/perfil/mis-pedidos',
  '/mi-carrito',
  '/pago',
  '/resumen',
  '/registro',
  '/registro/iniciar-sesion',
  '/registro/restablecer',
  '/contacto',
  '/cowork-area',
] as const;

/** The admin area: its router sends unknown sub-paths back to /admin, so every path under it is a page. */
export const ADMIN_PREFIX = '/admin';

/** Whether a URL path (no query string) is a page of the web app. */
export function isWebPage(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (trimmed === ADMIN_PREFIX || trimmed.startsWith(`${ADMIN_PREFIX}/`)) return true;
  return (PUBLIC_PAGES as readonly string[]).includes(trimmed);
}
