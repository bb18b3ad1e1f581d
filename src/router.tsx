import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { fetchMenuItem } from './api/menu.ts';
import { NotFoundPage, RouteErrorPage } from './routes/error-page.tsx';
import { HomePage } from './routes/home.tsx';
import { RootLayout } from './routes/root-layout.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Shown in the document title as '{pageName} - Pizzon'. */
    pageName: string;
  }
  interface Register {
    router: typeof router;
  }
}

const rootRoute = createRootRoute({
  component: RootLayout,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
  // The root is the last match only when no page matched the URL.
  staticData: { pageName: 'Error' },
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: HomePage,
  staticData: { pageName: 'Home' },
});

const menuRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/menu',
  component: lazyRouteComponent(() => import('./routes/menu.tsx'), 'MenuPage'),
  staticData: { pageName: 'Menu' },
});

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog',
  component: lazyRouteComponent(() => import('./routes/blog.tsx'), 'BlogPage'),
  staticData: { pageName: 'Blog' },
});

const reservationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reservation',
  component: lazyRouteComponent(() => import('./routes/reservation.tsx'), 'ReservationPage'),
  staticData: { pageName: 'Reservation' },
});

export const itemDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/item-detail/$id',
  loader: ({ params }) => fetchMenuItem(params.id),
  component: lazyRouteComponent(() => import('./routes/item-detail.tsx'), 'ItemDetailPage'),
  staticData: { pageName: 'Item Detail' },
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: lazyRouteComponent(() => import('./routes/auth.tsx'), 'AuthPage'),
  staticData: { pageName: 'Login' },
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  menuRoute,
  blogRoute,
  reservationRoute,
  itemDetailRoute,
  authRoute,
]);

export const router = createRouter({
  routeTree,
  scrollRestoration: true,
  defaultPreload: 'intent',
  // Loader results (the item page) stay fresh for the spec's 5-minute cache time.
  defaultStaleTime: 5 * 60 * 1000,
  defaultPendingMs: 300,
  // Child routes fail inside the layout, so the navbar stays usable on the error page.
  defaultErrorComponent: RouteErrorPage,
  defaultNotFoundComponent: NotFoundPage,
});
