import { Link, Outlet } from '@tanstack/react-router';
import { House } from 'lucide-react';

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

/** A dashboard: a banner with the title, tab links to its child routes, the child in a white card. */
export function DashboardLayout({ title, tabs, homeButton = false }: DashboardLayoutProps) {
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
      <nav aria-label={`${title} sections`} className="mx-auto max-w-6xl px-4">
        <ul className="-mt-6 flex flex-wrap gap-2">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                className="inline-flex min-h-11 items-center rounded-full bg-white px-5 font-bold shadow-sm hover:bg-brand/20"
                activeProps={{ className: 'bg-brand! text-ink', 'aria-current': 'page' }}
              >
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mx-auto mt-6 max-w-6xl px-4">
        <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
