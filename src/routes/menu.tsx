import { getRouteApi } from '@tanstack/react-router';
import { FULL_VIEW, isMenuTab } from '../../contract/menu.ts';
import { PhoneCartBar } from '../components/phone-cart-bar.tsx';
import { ShopClosedNotice } from '../components/shop-closed-notice.tsx';
import { MenuBrowser } from './menu-browser.tsx';

const route = getRouteApi('/menu');

export function MenuPage() {
  const items = route.useLoaderData();
  // The tab in the address; a value the menu does not know shows all (a spoiled link, never an error).
  const category = route.useSearch({
    select: (search) => (isMenuTab(search.category) ? search.category : 'all'),
  });
  const navigate = route.useNavigate();
  return (
    <>
      <ShopClosedNotice />
      <header className="bg-ink py-10 text-center text-white sm:py-14">
        <p className="font-script text-xl text-brand">Made to order</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Our Menu</h1>
      </header>
      <section aria-labelledby="menu-items-title" className="mx-auto max-w-7xl px-4 pb-10">
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
          stickyTabs
          category={category}
          onCategory={(tab) =>
            // The tab replaces the address rather than adding to the history, and the list stays where
            // it is on the screen (the tabs are at its top).
            navigate({
              search: tab === 'all' ? {} : { category: tab },
              replace: true,
              resetScroll: false,
            })
          }
        />
      </section>
      <PhoneCartBar />
    </>
  );
}
