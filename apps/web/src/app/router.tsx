import { Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layouts/public-layout';
import { RouteError } from './route-error';
import { RouterNavigation } from './router-navigation';

type PageModule = { default: React.ComponentType };

/** Every page is its own lazy chunk, so the landing route ships only what it shows. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    // Every screen moves around through lib/navigation.tsx; under the router, with the router.
    element: <RouterNavigation />,
    children: [
      {
        element: <PublicLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('./routes/home')) },
          { path: 'nosotros', ...page(() => import('./routes/nosotros')) },
          { path: 'equipo', ...page(() => import('./routes/equipo')) },
          { path: 'reserva', ...page(() => import('./routes/reserva')) },
          { path: 'sucursales', ...page(() => import('./routes/sucursales')) },
          { path: 'comprar', ...page(() => import('./routes/comprar')) },
          { path: 'perfil', ...page(() => import('./routes/perfil')) },
          { path: 'perfil/mis-pedidos', ...page(() => import('./routes/mis-pedidos')) },
          { path: 'mi-carrito', ...page(() => import('./routes/mi-carrito')) },
          { path: 'pago', ...page(() => import('./routes/pago')) },
          { path: 'resumen', ...page(() => import('./routes/resumen')) },
          { path: 'registro', ...page(() => import('./routes/registro')) },
          { path: 'registro/iniciar-sesion', ...page(() => import('./routes/iniciar-sesion')) },
          { path: 'registro/restablecer', ...page(() => import('./routes/restablecer')) },
          { path: 'aviso-de-privacidad', ...page(() => import('./routes/aviso-de-privacidad')) },
          { path: 'terminos', ...page(() => import('./routes/terminos')) },
          { path: 'perfil/confirmar-correo', ...page(() => import('./routes/confirmar-correo')) },
          { path: 'baja-recordatorios', ...page(() => import('./routes/baja-recordatorios')) },
          // docs/business-rules.md §2: /contacto goes home; it lands on the branches, where the addresses and phones are (issue 14).
          { path: 'contacto', element: <Navigate to={{ pathname: '/', hash: '#sucursales' }} replace /> },
          { path: 'cowork-area', element: <Navigate to="/" replace /> },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
      {
        path: 'admin',
        // The whole admin area is one lazy chunk: visitors of the public site never download it.
        lazy: async () => ({ Component: (await import('./layouts/admin-layout')).AdminLayout }),
        errorElement: <RouteError />,
        children: [
          { index: true, ...page(() => import('./routes/admin/panel')) },
          { path: 'usuarios', ...page(() => import('./routes/admin/usuarios')) },
          { path: 'usuarios/:id', ...page(() => import('./routes/admin/usuario-detalle')) },
          { path: 'mensajes', ...page(() => import('./routes/admin/mensajes')) },
          // Correos became Mensajes (issue 43): old links and bookmarks still land there.
          { path: 'correos', element: <Navigate to="/admin/mensajes" replace /> },
          { path: 'auditoria', ...page(() => import('./routes/admin/auditoria')) },
          { path: 'datos-legales', ...page(() => import('./routes/admin/datos-legales')) },
          { path: 'facturacion', ...page(() => import('./routes/admin/facturacion')) },
          { path: 'privacidad', ...page(() => import('./routes/admin/privacidad')) },
          { path: 'importar-clientes', ...page(() => import('./routes/admin/importar-clientes')) },
          { path: 'zonas', ...page(() => import('./routes/admin/zonas')) },
          { path: 'consultorios', ...page(() => import('./routes/admin/consultorios')) },
          { path: 'salas', ...page(() => import('./routes/admin/salas')) },
          { path: 'productos', ...page(() => import('./routes/admin/productos')) },
          { path: 'reservar', ...page(() => import('./routes/admin/reservar')) },
          { path: 'reservaciones', ...page(() => import('./routes/admin/reservaciones')) },
          {
            path: 'historial-reservaciones',
            ...page(() => import('./routes/admin/historial-reservaciones')),
          },
          { path: 'bloquear-hora', ...page(() => import('./routes/admin/bloquear-hora')) },
          { path: 'punto-venta', ...page(() => import('./routes/admin/punto-venta')) },
          { path: 'caja/:id', ...page(() => import('./routes/admin/caja')) },
          { path: 'ordenes', ...page(() => import('./routes/admin/ordenes')) },
          { path: 'ordenes/:id/ticket', ...page(() => import('./routes/admin/orden-ticket')) },
          { path: 'gastos', ...page(() => import('./routes/admin/gastos')) },
          { path: 'corte', ...page(() => import('./routes/admin/corte')) },
          { path: 'reportes', ...page(() => import('./routes/admin/reportes')) },
          { path: '*', element: <Navigate to="/admin" replace /> },
        ],
      },
    ],
  },
];
