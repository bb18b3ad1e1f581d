import { useMachine } from '@xstate/react';
import { LIMITED_VIEW, MENU_TABS, type MenuItem, type MenuTab } from '../../server/contract/menu.ts';
import { liveMenuMachine } from '../actors/menu.ts';
import { CategoryTabs } from '../components/category-tabs.tsx';
import { MenuGrid } from '../components/menu-grid.tsx';

/** Category tabs over a menu list (Home's limited view and the Menu page's full view). */
export function MenuBrowser({
  limit,
  label,
  emptyText,
  items,
  atTop,
}: {
  limit: number;
  label: string;
  emptyText: string;
  /** All categories' items, when the page already has them. */
  items?: MenuItem[];
  /** The menu opens its page (see MenuGrid). */
  atTop?: boolean;
}) {
  const [state, send] = useMachine(liveMenuMachine, { input: { category: 'all', limit, items } });
  const status = state.matches('loaded') ? 'loaded' : state.matches('failed') ? 'failed' : 'loading';
  return (
    <>
      <div className="flex justify-center">
        <CategoryTabs
          label={label}
          tabs={MENU_TABS}
          active={state.context.category}
          onSelect={(tab) => send({ type: 'menu.select', category: tab as MenuTab })}
        />
      </div>
      <div className="mt-8">
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
