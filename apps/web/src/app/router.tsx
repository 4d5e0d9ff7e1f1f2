import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';

type PageModule = { default: React.ComponentType };

/** Every page is its own lazy chunk, so the landing route ships only what it shows. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('./routes/home')) },
      { path: 'nosotros', ...page(() => import('./routes/nosotros')) },
      { path: 'equipo', ...page(() => import('./routes/equipo')) },
      { path: 'reserva', ...page(() => import('./routes/reserva')) },
      { path: 'comprar', ...page(() => import('./routes/comprar')) },
      { path: 'perfil', ...page(() => import('./routes/perfil')) },
      { path: 'mi-carrito', ...page(() => import('./routes/mi-carrito')) },
      { path: 'pago', ...page(() => import('./routes/pago')) },
      { path: 'resumen', ...page(() => import('./routes/resumen')) },
      { path: 'registro', ...page(() => import('./routes/registro')) },
      { path: 'registro/iniciar-sesion', ...page(() => import('./routes/iniciar-sesion')) },
      { path: 'contacto', element: <Navigate to="/" replace /> },
      { path: 'cowork-area', element: <Navigate to="/" replace /> },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
