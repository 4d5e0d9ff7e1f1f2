/**
 * Every path the web app answers with a page (docs/business-rules.md §2). The server sends the app with 200 for these and with 404
 * for anything else (the app then shows its 404 page), so search engines and link checkers see real 404s.
 * The router (apps/web/src/app/router.tsx) is tested to declare exactly these.
 */
export const PUBLIC_PAGES = [
  '/',
  '/nosotros',
  '/equipo',
  '/reserva',
  '/sucursales',
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
  '/aviso-de-privacidad',
  '/terminos',
  '/perfil/confirmar-correo',
  '/baja-recordatorios',
] as const;

/** The admin area: its router sends unknown sub-paths back to /admin, so every path under it is a page. */
export const ADMIN_PREFIX = '/admin';

/**
 * The public pages the build prerenders (React's static rendering, hydrated in the browser): their hero and text
 * paint before any JavaScript runs. Pages that need a session or the cart stay client-rendered.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/nosotros',
  '/equipo',
  '/reserva',
  '/sucursales',
  '/registro',
  '/registro/iniciar-sesion',
  '/aviso-de-privacidad',
  '/terminos',
] as const satisfies readonly (typeof PUBLIC_PAGES)[number][];

/** The prerendered pages whose text carries the business's legal facts, put in by the server at serve time. */
export const LEGAL_PAGES = [
  '/aviso-de-privacidad',
  '/terminos',
] as const satisfies readonly (typeof PRERENDERED_PAGES)[number][];

/** What sitemap.xml lists: the public pages worth finding in a search engine. */
export const INDEXABLE_PAGES = [
  '/',
  '/nosotros',
  '/equipo',
  '/sucursales',
  '/reserva',
  '/comprar',
  '/aviso-de-privacidad',
  '/terminos',
] as const satisfies readonly (typeof PUBLIC_PAGES)[number][];
