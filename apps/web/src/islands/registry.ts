import type { ComponentType } from 'react';

/**
 * When an island of a prerendered page is hydrated (decision 016): 'load' as soon as the page has loaded (what the
 * first screen needs: the header, the forms, the wizard); 'visible' when it comes near the screen or, failing that,
 * when the browser is idle after the load. Any island wakes at once on a first tap, key or focus inside it, and the
 * tap that woke it is replayed (decision 012: an early tap is never lost).
 */
export type IslandWhen = 'load' | 'visible';

type IslandEntry = { when: IslandWhen; load: () => Promise<ComponentType> };

/** Every island of the public pages, by name; each loads its own code (lazy chunks of the islands' entry). */
export const islands = {
  'site-header': { when: 'load', load: () => import('../app/layouts/site-header').then((m) => m.SiteHeader) },
  'site-footer': {
    when: 'visible',
    load: () => import('../app/layouts/site-footer').then((m) => m.SiteFooter),
  },
  branches: {
    when: 'visible',
    load: () => import('../features/sitio/components/branches-section').then((m) => m.BranchesSection),
  },
  catalog: {
    when: 'visible',
    load: () => import('../features/tienda/components/catalog-sections').then((m) => m.CatalogSections),
  },
  'rooms-carousel': {
    when: 'visible',
    load: () => import('../features/sitio/components/room-carousel').then((m) => m.OurRoomsCarousel),
  },
  'booking-wizard': {
    when: 'load',
    load: () => import('../features/reservas/components/booking-wizard').then((m) => m.BookingWizard),
  },
  login: { when: 'load', load: () => import('../app/routes/iniciar-sesion').then((m) => m.LoginPanel) },
  register: { when: 'load', load: () => import('../app/routes/registro').then((m) => m.RegisterPanel) },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islands;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islands, name);
