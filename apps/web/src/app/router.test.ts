import { ADMIN_PREFIX, PUBLIC_PAGES } from '@sala/shared/web/pages';
import { describe, expect, it } from 'vitest';
import { routes as root } from './router';

// Under the root route that gives every screen the router's navigation (router-navigation.tsx).
const routes = root[0]!.children ?? [];

describe('the router and the server agree on what is a page', () => {
  it('declares exactly the public pages the server answers with 200', () => {
    const publicLayout = routes[0]!;
    const paths = (publicLayout.children ?? [])
      .filter((route) => route.path !== '*')
      .map((route) => (route.index ? '/' : `/${route.path}`));
    expect(paths.sort()).toEqual([...PUBLIC_PAGES].sort());
  });

  it('keeps the admin area under one prefix, whose unknown paths go back to /admin', () => {
    const admin = routes[1]!;
    expect(`/${admin.path}`).toBe(ADMIN_PREFIX);
    expect(admin.children?.some((route) => route.path === '*')).toBe(true);
  });
});
