import type { ComponentType } from 'react';

/**
 * When an island of a prerendered page is hydrated (decision 016): 'load' as soon as the page has loaded (what the
 * first screen needs: the header, the forms, the wizard); 'visible' when it comes near the screen or, failing that,
 * when the browser is idle after the load. Any island wakes at once on a first tap, key or focus inside it, and the
 * tap that woke it is replayed (decision 012: an early tap is never lost).
 */
export type IslandWhen = 'load' | 'visible';

/**
 * `module` is the file `load` imports, as the build's manifest names it (the registry's test checks it). An island
 * with `preload` has its chunks preloaded by the page's HTML (apps/web/scripts/prerender.mjs): the header, small,
 * on every page and the first thing tapped. Others fetch their code when they wake: the wizard's and the forms'
 * chunks in the HTML made the hero wait for them on a slow connection (Lighthouse's LCP 2.0 → 2.7 s).
 */
type IslandEntry = { when: IslandWhen; preload?: true; module: string; load: () => Promise<ComponentType> };

/** Every island of the public pages, by name; each loads its own code (lazy chunks of the islands' entry). */
export const islands = {
  'site-header': {
    when: 'load',
    preload: true,
    module: 'src/app/layouts/site-header.tsx',
    load: () => import('../app/layouts/site-header').then((m) => m.SiteHeader),
  },
  'site-footer': {
    when: 'visible',
    module: 'src/app/layouts/site-footer.tsx',
    load: () => import('../app/layouts/site-footer').then((m) => m.SiteFooter),
  },
  branches: {
    when: 'visible',
    module: 'src/features/site/components/branches-section.tsx',
    load: () => import('../features/site/components/branches-section').then((m) => m.BranchesSection),
  },
  catalog: {
    when: 'visible',
    module: 'src/features/store/components/catalog-sections.tsx',
    load: () => import('../features/store/components/catalog-sections').then((m) => m.CatalogSections),
  },
  'rooms-carousel': {
    when: 'visible',
    module: 'src/features/site/components/room-carousel.tsx',
    load: () => import('../features/site/components/room-carousel').then((m) => m.OurRoomsCarousel),
  },
  'booking-wizard': {
    when: 'load',
    module: 'src/features/bookings/components/booking-wizard.tsx',
    load: () => import('../features/bookings/components/booking-wizard').then((m) => m.BookingWizard),
  },
  login: {
    when: 'load',
    module: 'src/features/auth/components/login-panel.tsx',
    load: () => import('../features/auth/components/login-panel').then((m) => m.LoginPanel),
  },
  register: {
    when: 'load',
    module: 'src/features/auth/components/register-panel.tsx',
    load: () => import('../features/auth/components/register-panel').then((m) => m.RegisterPanel),
  },
} satisfies Record<string, IslandEntry>;

export type IslandName = keyof typeof islands;

export const isIslandName = (name: string | undefined): name is IslandName =>
  name !== undefined && Object.hasOwn(islands, name);
