import { getRouteApi } from '@tanstack/react-router';
import { FULL_VIEW } from '../../server/contract/menu.ts';
import { MenuBrowser } from './menu-browser.tsx';

const route = getRouteApi('/menu');

export function MenuPage() {
  const items = route.useLoaderData();
  return (
    <>
      <header className="bg-ink py-14 text-center text-white">
        <p className="font-script text-xl text-brand">Made to order</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Our Menu</h1>
      </header>
      <section aria-labelledby="menu-items-title" className="mx-auto max-w-7xl px-4 py-10">
        {/* Keeps the heading levels in order: the cards' names are h3. */}
        <h2 id="menu-items-title" className="sr-only">
          Menu items
        </h2>
        <MenuBrowser
          limit={FULL_VIEW}
          label="Menu categories"
          emptyText="Nothing in this category right now. Please check back soon."
          items={items}
          atTop
        />
      </section>
    </>
  );
}
