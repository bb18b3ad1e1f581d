import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { ChevronDown, House } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

export interface DashboardTab {
  to: string;
  label: string;
  /** Current only on its own address, not on the pages below it (the dashboard's own home). */
  exact?: boolean;
}

/** A group of tabs under a name staff look for ("Service", "Menu"); untitled for a short dashboard. */
export interface DashboardSection {
  title?: string;
  tabs: readonly DashboardTab[];
}

interface DashboardLayoutProps {
  title: string;
  sections: readonly DashboardSection[];
  /** The admin dashboard has a Home button back to the storefront. */
  homeButton?: boolean;
}

/** The tab the page is under: its own address, or the longest one the address starts with. */
function currentTab(sections: readonly DashboardSection[], pathname: string): DashboardTab | undefined {
  const under = (tab: DashboardTab) =>
    pathname === tab.to || (!tab.exact && pathname.startsWith(`${tab.to}/`));
  return sections
    .flatMap((section) => section.tabs)
    .filter(under)
    .sort((a, b) => b.to.length - a.to.length)[0];
}

/**
 * The dashboard's sections, every tab in sight: named groups that wrap onto another line where they
 * do not fit beside each other (never a row scrolled sideways that hides its last tabs), and on a
 * phone, when the groups are named, one button that opens them all (closed again by choosing one).
 */
function DashboardNav({ title, sections }: Pick<DashboardLayoutProps, 'title' | 'sections'>) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const collapsible = sections.some((section) => section.title);
  const [open, setOpen] = useState(false);
  const listId = useId();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a tab chosen closes the phone's menu.
  useEffect(() => setOpen(false), [pathname]);
  const current = currentTab(sections, pathname);
  return (
    <nav aria-label={`${title} sections`} className="mx-auto max-w-6xl px-4 pt-6">
      {collapsible && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((was) => !was)}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl bg-white px-5 text-left font-bold shadow-sm md:hidden"
        >
          <span>
            Sections
            {current && <span className="font-semibold text-neutral-700"> · {current.label}</span>}
          </span>
          <ChevronDown aria-hidden="true" className={`size-5 transition ${open ? 'rotate-180' : ''}`} />
        </button>
      )}
      <div
        id={listId}
        className={`${collapsible && !open ? 'hidden' : 'flex'} mt-3 flex-col gap-4 md:mt-0 md:flex md:flex-row md:flex-wrap md:gap-x-8 md:gap-y-3`}
      >
        {sections.map((section, index) => (
          <NavSection key={section.title ?? index} section={section} />
        ))}
      </div>
    </nav>
  );
}

function NavSection({ section }: { section: DashboardSection }) {
  const titleId = useId();
  return (
    <div className="grid content-start gap-1">
      {section.title && (
        <p id={titleId} className="px-1 text-sm font-bold text-neutral-700">
          {section.title}
        </p>
      )}
      <ul aria-labelledby={section.title ? titleId : undefined} className="flex flex-wrap gap-2">
        {section.tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              activeOptions={{ exact: tab.exact ?? false }}
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-white px-5 font-bold shadow-sm hover:bg-brand/20"
              activeProps={{ className: 'bg-brand! text-ink', 'aria-current': 'page' }}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A dashboard: a banner with the title, its sections' tabs, the child route in a white card. */
export function DashboardLayout({ title, sections, homeButton = false }: DashboardLayoutProps) {
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
      <DashboardNav title={title} sections={sections} />
      <div className="mx-auto mt-4 max-w-6xl px-4">
        <div className="rounded-3xl bg-white p-6 shadow-sm sm:p-8">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
