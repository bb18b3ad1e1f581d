import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { AnyActorRef } from 'xstate';
import { MyCartPage } from '../../../src/routes/my-cart.tsx';
import { testActors, withActors } from './actors.tsx';
import { sessionOf } from './fixtures.ts';

/** `page` as the route at `path` of a router of its own, opened there, so its links and search work. */
export function renderAt(path: string, page: () => React.ReactNode, pageName = 'Test') {
  const root = createRootRoute({ staticData: { pageName: 'Test' } });
  const route = createRoute({
    getParentRoute: () => root,
    path,
    component: page,
    validateSearch: () => ({}),
    staticData: { pageName },
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return render(<RouterProvider router={router} />);
}

/** My cart where the app has it, in the customer's layout of /user-dashboard, reading `cart`. */
export function renderMyCart(cart: AnyActorRef) {
  const staticData = { pageName: 'Test' };
  const root = createRootRoute({ staticData });
  const dashboard = createRoute({ getParentRoute: () => root, path: '/user-dashboard', staticData });
  const customer = createRoute({ getParentRoute: () => dashboard, id: '_customer', staticData });
  const myCart = createRoute({
    getParentRoute: () => customer,
    path: 'my-cart',
    component: withActors(MyCartPage, testActors({ session: sessionOf('user'), cart })),
    validateSearch: () => ({}),
    staticData,
  });
  const router = createRouter({
    routeTree: root.addChildren([dashboard.addChildren([customer.addChildren([myCart])])]),
    history: createMemoryHistory({ initialEntries: ['/user-dashboard/my-cart'] }),
  });
  return render(<RouterProvider router={router} />);
}
