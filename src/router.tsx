import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import type { MenuItem, MenuPart } from '../contract/menu.ts';
import { LINK_VERDICTS, type LinkVerdict } from '../contract/payment-link.ts';
import { LoadingScreen } from './components/loading-screen.tsx';
import { loadProvider } from './identity/provider.ts';
import type { RouterContext } from './router-context.ts';
import { NotFoundPage, RouteErrorPage } from './routes/error-page.tsx';
import { requireAdmin, requireCustomer, requireSignedIn } from './routes/guards.ts';
import { HomePage } from './routes/home.tsx';
import {
  bookingLinkAddress,
  manageItemsAddress,
  manageOrdersAddress,
  manageUsersAddress,
  menuAddress,
  pagedAddress,
  reservationsAddress,
} from './routes/list-address.ts';
import { RootLayout } from './routes/root-layout.tsx';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Shown in the document title as '{pageName} - Pizzon'. */
    pageName: string;
    /**
     * The site server sends this page's HTML rendered (src/render-page.tsx): a public page whose first
     * render depends on nobody's session, so it paints before its JavaScript has run.
     */
    serverRendered?: true;
    /**
     * Which of the menu's versions covers what a server-rendered page shows of the menu: 'listing' for
     * one that shows no stock count (Home, Menu: a sale leaves it cached), or whose count is read again
     * once the browser has it (the item page: its HTML may show a count a few sales old); every change
     * otherwise. tests/ui/listing-pages.test.tsx holds those pages to it.
     */
    menuShown?: MenuPart;
    /** The page is the whole screen: no site header or footer (the kitchen's tablet). */
    fullScreen?: true;
  }
  interface Register {
    router: AppRouter;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
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
  staticData: { pageName: 'Home', serverRendered: true, menuShown: 'listing' },
});

const menuRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/menu',
  // The tab shown lives in the address (`?category=pizza`; 'all', the default, is left out), so Back and
  // a shared link keep it. Kept as the URL has it (list-address.ts): the page reads it, and shows all
  // for a value it does not know.
  validateSearch: menuAddress,
  // The menu comes with the page (fetched alongside its code; on the server, rendered into its HTML).
  // Without it the page still opens, and the menu asks again, showing its own error and Try again.
  loader: () => import('./api/menu.ts').then((api) => api.fetchFullMenu()).catch(() => undefined),
  component: lazyRouteComponent(() => import('./routes/menu.tsx'), 'MenuPage'),
  staticData: { pageName: 'Menu', serverRendered: true, menuShown: 'listing' },
});

const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog',
  component: lazyRouteComponent(() => import('./routes/blog.tsx'), 'BlogPage'),
  staticData: { pageName: 'Blog', serverRendered: true },
});

const reservationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reservation',
  component: lazyRouteComponent(() => import('./routes/reservation.tsx'), 'ReservationPage'),
  staticData: { pageName: 'Reservation' },
});

/** A guest's booking, from the signed link its mail carries (`?key=`): no account needed. */
const bookingLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/booking/$reference',
  validateSearch: bookingLinkAddress,
  component: lazyRouteComponent(() => import('./routes/booking-link.tsx'), 'BookingLinkPage'),
  staticData: { pageName: 'Your booking' },
});

/**
 * The item the item page shows, in the browser: read again on the same page (its stock, after a kept
 * page was taken over), a failure keeps it on screen instead of trading the page for an error.
 */
let shownItem: MenuItem | undefined;

export const itemDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/item-detail/$id',
  // The API client stays out of the first page's JavaScript: the loader brings it when it runs.
  loader: async ({ params, cause }) => {
    const shown = cause === 'stay' && shownItem?._id === params.id ? shownItem : undefined;
    const item = await (await import('./api/menu.ts'))
      .fetchMenuItem(params.id)
      .catch((error: unknown) => shown ?? Promise.reject(error));
    if (import.meta.env.SSR) return item;
    shownItem = item;
    // The picture is the page's largest paint: fetch it with the data, not once the page has rendered
    // (a page rendered on the server has it in its HTML already).
    new Image().src = item.image;
    return item;
  },
  component: lazyRouteComponent(() => import('./routes/item-detail.tsx'), 'ItemDetailPage'),
  staticData: { pageName: 'Item Detail', serverRendered: true, menuShown: 'listing' },
});

const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  // Signing in needs the identity provider, which a guest's other pages never load: fetch it with the
  // page. A failure is the form's to report, when it is sent.
  loader: () => {
    loadProvider().catch(() => {});
  },
  component: lazyRouteComponent(() => import('./routes/auth.tsx'), 'AuthPage'),
  staticData: { pageName: 'Login' },
});

// Guarded pages show Loading at once while the sign-in state and their code load.
const loadingAtOnce = { pendingComponent: LoadingScreen, pendingMs: 0 } as const;
const profilePage = lazyRouteComponent(() => import('./routes/profile.tsx'), 'ProfilePage');
const dashboardHome = lazyRouteComponent(() => import('./routes/dashboards.tsx'), 'DashboardHome');

// Each area's guard sits once, on the route its pages descend from (tests/ui/guarded-areas.test.ts
// holds every page of /user-dashboard and /admin to it).
const userDashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/user-dashboard',
  beforeLoad: requireSignedIn,
  component: lazyRouteComponent(() => import('./routes/dashboards.tsx'), 'UserDashboard'),
  staticData: { pageName: 'User Dashboard' },
  ...loadingAtOnce,
});

const userDashboardHomeRoute = createRoute({
  getParentRoute: () => userDashboardRoute,
  path: '/',
  component: dashboardHome,
  staticData: { pageName: 'User Dashboard' },
});

/** The customer's pages of the user dashboard: a layout without a path of its own, for their guard. */
const customerRoute = createRoute({
  getParentRoute: () => userDashboardRoute,
  id: '_customer',
  beforeLoad: requireCustomer,
  staticData: { pageName: 'User Dashboard' },
  ...loadingAtOnce,
});

const userProfileRoute = createRoute({
  getParentRoute: () => customerRoute,
  path: 'profile',
  component: profilePage,
  staticData: { pageName: 'Profile' },
  ...loadingAtOnce,
});

const myCartRoute = createRoute({
  getParentRoute: () => customerRoute,
  path: 'my-cart',
  // Where a failed or cancelled payment returns the customer.
  validateSearch: (search: Record<string, unknown>): { payment?: 'failed' | 'cancelled' } =>
    search.payment === 'failed' || search.payment === 'cancelled' ? { payment: search.payment } : {},
  component: lazyRouteComponent(() => import('./routes/my-cart.tsx'), 'MyCartPage'),
  staticData: { pageName: 'My Cart' },
  ...loadingAtOnce,
});

const checkoutRoute = createRoute({
  getParentRoute: () => customerRoute,
  path: 'my-cart/checkout',
  component: lazyRouteComponent(() => import('./routes/checkout.tsx'), 'CheckoutPage'),
  staticData: { pageName: 'Checkout' },
  ...loadingAtOnce,
});

const myOrderRoute = createRoute({
  getParentRoute: () => customerRoute,
  path: 'my-order',
  // The list's filters and cursor live in the address (src/routes/list-address.ts).
  validateSearch: pagedAddress,
  component: lazyRouteComponent(() => import('./routes/my-order.tsx'), 'MyOrderPage'),
  staticData: { pageName: 'My Order' },
  ...loadingAtOnce,
});

// The spec leaves its access open; it shows a customer's own payment, so it is theirs alone. A page
// of its own outside the dashboard, it carries its guard itself.
const paymentSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/payment-success/$tranId',
  beforeLoad: requireCustomer,
  component: lazyRouteComponent(() => import('./routes/payment-success.tsx'), 'PaymentSuccessPage'),
  staticData: { pageName: 'Payment Success' },
  ...loadingAtOnce,
});

// A cash order's confirmation: placed, with the cash to have ready and the order live below.
const orderPlacedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/order-placed/$tranId',
  beforeLoad: requireCustomer,
  component: lazyRouteComponent(() => import('./routes/order-placed.tsx'), 'OrderPlacedPage'),
  staticData: { pageName: 'Order Placed' },
  ...loadingAtOnce,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  beforeLoad: requireAdmin,
  component: lazyRouteComponent(() => import('./routes/dashboards.tsx'), 'AdminDashboard'),
  staticData: { pageName: 'Admin Dashboard' },
  ...loadingAtOnce,
});

const adminHomeRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./routes/admin/admin-home.tsx'), 'AdminHome'),
  staticData: { pageName: 'Admin Dashboard' },
});

const adminProfileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'profile',
  component: profilePage,
  staticData: { pageName: 'Admin Profile' },
});

// Admin pages load only inside the admin area: a guest or customer never downloads them.
const manageUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'manage-users',
  validateSearch: manageUsersAddress,
  component: lazyRouteComponent(() => import('./routes/admin/manage-users.tsx'), 'ManageUsersPage'),
  staticData: { pageName: 'Manage Users' },
});

const addItemsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'add-items',
  component: lazyRouteComponent(() => import('./routes/admin/add-items.tsx'), 'AddItemsPage'),
  staticData: { pageName: 'Add Items' },
});

const manageItemsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'manage-items',
  validateSearch: manageItemsAddress,
  component: lazyRouteComponent(() => import('./routes/admin/manage-items.tsx'), 'ManageItemsPage'),
  staticData: { pageName: 'Manage Items' },
});

const updateItemRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'manage-items/update-item/$id',
  component: lazyRouteComponent(() => import('./routes/admin/update-item.tsx'), 'UpdateItemPage'),
  staticData: { pageName: 'Update Item' },
});

const manageOrdersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'manage-orders',
  validateSearch: manageOrdersAddress,
  component: lazyRouteComponent(() => import('./routes/admin/manage-orders.tsx'), 'ManageOrdersPage'),
  staticData: { pageName: 'Manage Orders' },
});

const promotionsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'promotions',
  validateSearch: pagedAddress,
  component: lazyRouteComponent(() => import('./routes/admin/promotions.tsx'), 'PromotionsPage'),
  staticData: { pageName: 'Promotions' },
});

// The kitchen board: the whole screen of a tablet, outside the admin dashboard (its banner and tabs
// would take half of it), so it carries the admin guard itself. Its code loads only with the page.
const kitchenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/kitchen',
  beforeLoad: requireAdmin,
  component: lazyRouteComponent(() => import('./routes/admin/kitchen.tsx'), 'KitchenPage'),
  staticData: { pageName: 'Kitchen', fullScreen: true },
  ...loadingAtOnce,
});

// Kitchen → New order: an order taken by phone (docs/decisions/039-cash-and-the-counter.md).
const phoneOrderRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'kitchen/new-order',
  component: lazyRouteComponent(() => import('./routes/admin/phone-order.tsx'), 'PhoneOrderPage'),
  staticData: { pageName: 'New order' },
});

const reservationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'reservations',
  validateSearch: reservationsAddress,
  component: lazyRouteComponent(() => import('./routes/admin/reservations.tsx'), 'ReservationsPage'),
  staticData: { pageName: 'Reservations' },
});

// The owner's day: a timeline per table (its day in `?date=`, today when left out).
const reservationDayRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'reservations/day',
  validateSearch: reservationsAddress,
  component: lazyRouteComponent(() => import('./routes/admin/reservation-day.tsx'), 'ReservationDayPage'),
  staticData: { pageName: 'Reservations' },
});

const deliveryRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'delivery',
  component: lazyRouteComponent(() => import('./routes/admin/delivery.tsx'), 'DeliveryPage'),
  staticData: { pageName: 'Delivery' },
});

const hoursRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'hours',
  component: lazyRouteComponent(() => import('./routes/admin/hours.tsx'), 'HoursPage'),
  staticData: { pageName: 'Hours' },
});

const tablesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'tables',
  validateSearch: pagedAddress,
  component: lazyRouteComponent(() => import('./routes/admin/tables.tsx'), 'TablesPage'),
  staticData: { pageName: 'Tables' },
});

// A phone order's caller back from the gateway: the order has no account, so the page needs none.
const paidByLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/phone-order/$tranId',
  validateSearch: (search: Record<string, unknown>): { payment?: LinkVerdict } =>
    LINK_VERDICTS.includes(search.payment as LinkVerdict) ? { payment: search.payment as LinkVerdict } : {},
  component: lazyRouteComponent(() => import('./routes/paid-by-link.tsx'), 'PaidByLinkPage'),
  staticData: { pageName: 'Your phone order' },
});

const routeTree = rootRoute.addChildren([
  homeRoute,
  menuRoute,
  blogRoute,
  reservationRoute,
  bookingLinkRoute,
  paidByLinkRoute,
  itemDetailRoute,
  authRoute,
  userDashboardRoute.addChildren([
    userDashboardHomeRoute,
    customerRoute.addChildren([userProfileRoute, myCartRoute, checkoutRoute, myOrderRoute]),
  ]),
  paymentSuccessRoute,
  orderPlacedRoute,
  kitchenRoute,
  adminRoute.addChildren([
    adminHomeRoute,
    adminProfileRoute,
    manageUsersRoute,
    addItemsRoute,
    manageItemsRoute,
    updateItemRoute,
    manageOrdersRoute,
    promotionsRoute,
    phoneOrderRoute,
    reservationsRoute,
    reservationDayRoute,
    tablesRoute,
    deliveryRoute,
    hoursRoute,
  ]),
]);

/**
 * The storefront's router: in the browser on its address bar's history, on the server (which renders
 * the public pages, see src/render-page.tsx) on the one address it is rendering. `context` tells its
 * guards who is visiting (boot.tsx: the tab's registry of actors).
 */
export function createAppRouter(context: RouterContext, serverHistory?: RouterHistory) {
  let firstRender = true;
  return createRouter({
    routeTree,
    ...(serverHistory ? { history: serverHistory } : {}),
    context,
    // On the server it would add an inline script (which our CSP refuses) to restore the scroll
    // position before hydration; the browser's router does it when it takes the page over. A page the
    // server rendered may have been scrolled before then (the visitor reading on while the JavaScript
    // came, or the browser restoring a reload): its first render leaves that scroll as it is, rather
    // than throwing the visitor back to the top.
    scrollRestoration: serverHistory
      ? false
      : () => {
          const first = firstRender;
          firstRender = false;
          return !(first && window.scrollY > 0);
        },
    defaultPreload: 'intent',
    // Loader results (the item page) stay fresh for the spec's 5-minute cache time.
    defaultStaleTime: 5 * 60 * 1000,
    defaultPendingMs: 300,
    // Child routes fail inside the layout, so the navbar stays usable on the error page.
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
