// Issue 16: each guarded area's guard sits once, on the layout route its pages descend from, so a page
// added to an area is guarded by being put there, and a page put beside it, at the area's address, fails
// here. The guards then decide as the spec says, for every page of every area.
import { type AnyRoute, createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../../src/router.tsx';
import type { Visitor } from '../../src/router-context.ts';
import { requireAdmin, requireCustomer, requireSignedIn } from '../../src/routes/guards.ts';
import { guestContext } from './support/actors.tsx';

const routes: AnyRoute[] = Object.values(createAppRouter(guestContext).routesById);
const route = (id: string) => routes.find((candidate) => candidate.id === id)!;

/** The pages: routes with no children, at a URL of their own (a layout is never one). */
const pages = routes.filter((candidate) => !candidate.children?.length);
const descends = (page: AnyRoute, layout: AnyRoute) => {
  for (let parent = page.parentRoute; parent; parent = parent.parentRoute) if (parent === layout) return true;
  return false;
};

const inDashboard = (path: string) => path === '/user-dashboard' || path.startsWith('/user-dashboard/');
/** Kitchen → New order is the dashboard's; the board itself is a page of its own. */
const isBoard = (path: string) => path.startsWith('/admin/kitchen/');
const AREAS = [
  { layout: '/user-dashboard', guard: requireSignedIn, holds: inDashboard },
  // The dashboard's own page (its index, '/user-dashboard/') is any signed-in user's.
  {
    layout: '/user-dashboard/_customer',
    guard: requireCustomer,
    holds: (path: string) => inDashboard(path) && path !== '/user-dashboard/',
  },
  {
    layout: '/admin',
    guard: requireAdmin,
    holds: (path: string) =>
      path === '/admin' ||
      (path.startsWith('/admin/') && !path.startsWith('/admin/kitchen')) ||
      isBoard(path),
  },
  // The kitchen's full screen: outside the dashboard's layout, with the admin's guard of its own.
  {
    layout: '/admin/kitchen',
    guard: requireAdmin,
    holds: (path: string) => path === '/admin/kitchen',
  },
  // A page of its own outside the dashboard.
  {
    layout: '/payment-success/$tranId',
    guard: requireCustomer,
    holds: (path: string) => path.startsWith('/payment-success'),
  },
  // A cash order's confirmation, likewise.
  {
    layout: '/order-placed/$tranId',
    guard: requireCustomer,
    holds: (path: string) => path.startsWith('/order-placed'),
  },
] as const;

describe('guarded areas', () => {
  it('carry their guard once, on their layout: no page and no other route has a guard of its own', () => {
    const guarded = routes
      .filter((candidate) => candidate.options.beforeLoad)
      .map((candidate) => candidate.id);
    expect(guarded.sort()).toEqual(AREAS.map((area) => area.layout).sort());
    for (const area of AREAS) expect(route(area.layout).options.beforeLoad).toBe(area.guard);
  });

  it.each(AREAS)('$layout: every page at its addresses descends from it', (area) => {
    const layout = route(area.layout);
    const held = pages.filter((page) => area.holds(page.fullPath));
    expect(held.length).toBeGreaterThan(0);
    for (const page of held) {
      expect(page === layout || descends(page, layout), `${page.id} is outside ${area.layout}`).toBe(true);
    }
  });

  it('the customer’s layout holds the dashboard’s customer pages, at the addresses the spec gives', () => {
    const customer = route('/user-dashboard/_customer');
    expect(
      pages
        .filter((page) => descends(page, customer))
        .map((page) => page.fullPath)
        .sort(),
    ).toEqual([
      '/user-dashboard/my-cart',
      '/user-dashboard/my-cart/checkout',
      '/user-dashboard/my-order',
      '/user-dashboard/profile',
    ]);
  });
});

const GUEST: Visitor = { signedIn: false, customer: false, admin: false };
const CUSTOMER: Visitor = { signedIn: true, customer: true, admin: false };
const ADMIN: Visitor = { signedIn: true, customer: false, admin: true };

/** Where `visitor` ends up on opening `url`. */
async function landing(url: string, visitor: Visitor): Promise<string> {
  const router = createAppRouter(
    { visitor: async () => visitor },
    createMemoryHistory({ initialEntries: [url] }),
  );
  await router.load();
  await vi.waitFor(() => expect(router.state.status).toBe('idle'));
  return router.state.location.href;
}

/** A URL of each page of the areas (a made-up id for a path's parameter). */
const guardedUrls = pages
  .filter((page) => AREAS.some((area) => area.holds(page.fullPath)))
  .map((page) => (page.fullPath as string).replace(/\$\w+/, 'x').replace(/(.)\/$/, '$1'));

describe('the guards, on every page of their area', () => {
  it.each(guardedUrls)('%s: a guest goes to /auth, and is brought back after signing in', async (url) => {
    expect(await landing(url, GUEST)).toBe(`/auth?redirect=${encodeURIComponent(url)}`);
  });

  it.each(guardedUrls)('%s: only the role it is for stays', async (url) => {
    const customersOnly = url !== '/user-dashboard' && !url.startsWith('/admin');
    const adminsOnly = url.startsWith('/admin');
    expect(await landing(url, CUSTOMER)).toBe(adminsOnly ? '/' : url);
    expect(await landing(url, ADMIN)).toBe(customersOnly ? '/' : url);
  });
});
