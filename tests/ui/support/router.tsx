import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';

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
