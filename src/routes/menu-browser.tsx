import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { LIMITED_VIEW, MENU_TABS, type MenuItem, type MenuTab } from '../../contract/menu.ts';
import { useMenuLogic } from '../actors/menu.ts';
import { CategoryTabs } from '../components/category-tabs.tsx';
import { MenuGrid } from '../components/menu-grid.tsx';

/** Category tabs over a menu list (Home's limited view and the Menu page's full view). */
export function MenuBrowser({
  limit,
  label,
  emptyText,
  items,
  atTop,
  category = 'all',
  onCategory,
  stickyTabs = false,
}: {
  limit: number;
  label: string;
  emptyText: string;
  /** All categories' items, when the page already has them. */
  items?: MenuItem[];
  /** The menu opens its page (see MenuGrid). */
  atTop?: boolean;
  /** The tab shown, when the page keeps it (the Menu's address); otherwise the browser keeps its own. */
  category?: MenuTab;
  /** Called with the tab chosen, when the page keeps it. */
  onCategory?: (tab: MenuTab) => void;
  /** The tabs stay at the top of the screen, under the navbar, while the list scrolls. */
  stickyTabs?: boolean;
}) {
  const { menu } = useMenuLogic();
  const [state, send] = useMachine(menu, {
    input: {
      category,
      limit,
      // The page's full list shows the tab's items straight away (as the server rendered them).
      items: items && (category === 'all' ? items : items.filter((item) => item.category === category)),
    },
  });
  // The page's tab moved (Back, a link): show it. A tab chosen here was selected already.
  useEffect(() => {
    send({ type: 'menu.select', category });
  }, [category, send]);
  const status = state.matches('loaded') ? 'loaded' : state.matches('failed') ? 'failed' : 'loading';

  function select(tab: MenuTab) {
    send({ type: 'menu.select', category: tab });
    onCategory?.(tab);
  }

  return (
    <>
      <div
        className={
          stickyTabs
            ? // Under the sticky navbar (64 px tall); a full-width band, so cards never show through.
              'sticky top-16 z-30 -mx-4 flex justify-center bg-white/95 px-4 py-3 shadow-[0_6px_8px_-8px_rgb(0_0_0/0.25)] backdrop-blur-sm'
            : 'flex justify-center'
        }
        data-sticky-tabs={stickyTabs ? '' : undefined}
      >
        <CategoryTabs
          label={label}
          tabs={MENU_TABS}
          active={state.context.category}
          onSelect={(tab) => select(tab as MenuTab)}
          scrollable={stickyTabs}
        />
      </div>
      <div className={stickyTabs ? 'mt-5' : 'mt-8'}>
        <MenuGrid atTop={atTop} status={status} items={state.context.items} emptyText={emptyText} />
      </div>
      {state.matches('failed') && (
        <div className="mt-4 text-center">
          <button type="button" className="btn-dark" onClick={() => send({ type: 'menu.retry' })}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}

/** Home's "Our Special Menu": the limited view (it lives here so that Home need not load the contract). */
export function LimitedMenuBrowser(props: { label: string; emptyText: string }) {
  return <MenuBrowser limit={LIMITED_VIEW} {...props} />;
}
