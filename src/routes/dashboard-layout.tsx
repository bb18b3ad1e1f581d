import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { House } from 'lucide-react';
import { type RefObject, useEffect, useRef } from 'react';

export interface DashboardTab {
  to: string;
  label: string;
}

interface DashboardLayoutProps {
  title: string;
  tabs: readonly DashboardTab[];
  /** The admin dashboard has a Home button back to the storefront. */
  homeButton?: boolean;
}

/** Scrolls the tab row sideways so the current tab is in view (a phone opened on the last tab). */
function useCurrentTabInView(row: RefObject<HTMLUListElement | null>) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the path.
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    const right = left + current.getBoundingClientRect().width;
    if (left < list.scrollLeft) list.scrollLeft = Math.max(0, left - 16);
    else if (right > list.scrollLeft + list.clientWidth) list.scrollLeft = right - list.clientWidth + 16;
  }, [row, pathname]);
}

/** A dashboard: a banner with the title, tab links to its child routes, the child in a white card. */
export function DashboardLayout({ title, tabs, homeButton = false }: DashboardLayoutProps) {
  const tabsRef = useRef<HTMLUListElement>(null);
  useCurrentTabInView(tabsRef);
  return (
    <div className="bg-cream pb-16">
      <div className="bg-ink px-4 py-10 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4">
          <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
          {homeButton && (
            <Link to="/" className="btn-primary">
              <House aria-hidden="true" className="size-5" />
              Home
            </Link>
          )}
        </div>
      </div>
      {/* The tabs sit on the cream below the banner, in one row: when they do not fit (the admin's seven
          on a tablet or phone) the row scrolls sideways instead of wrapping onto a second line. The
          padding inside the scroller leaves room for the tabs' shadows and focus rings. */}
      <nav aria-label={`${title} sections`} className="mx-auto max-w-6xl">
        <ul
          ref={tabsRef}
          className="flex flex-nowrap gap-2 overflow-x-auto overscroll-x-contain px-4 pt-6 pb-2 [scrollbar-width:thin]"
        >
          {tabs.map((tab) => (
            <li key={tab.to} className="shrink-0">
              <Link
                to={tab.to}
                className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-white px-5 font-bold shadow-sm hover:bg-brand/20"
                activeProps={{ className: 'bg-brand! text-ink', 'aria-current': 'page' }}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto mt-4 max-w-6xl px-4">
        <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
