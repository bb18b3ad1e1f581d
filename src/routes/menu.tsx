import { useMachine } from '@xstate/react';
import { FULL_VIEW, MENU_TABS, type MenuTab } from '../../server/contract/menu.ts';
import { liveMenuMachine } from '../actors/menu.ts';
import { CategoryTabs } from '../components/category-tabs.tsx';
import { MenuGrid } from '../components/menu-grid.tsx';

export function MenuPage() {
  const [state, send] = useMachine(liveMenuMachine, { input: { category: 'all', limit: FULL_VIEW } });
  return (
    <>
      <header className="bg-ink py-14 text-center text-white">
        <p className="font-script text-xl text-brand">Made to order</p>
        <h1 className="text-4xl font-bold sm:text-5xl">Our Menu</h1>
      </header>
      <section aria-label="Menu items" className="mx-auto max-w-7xl px-4 py-10">
        <div className="flex justify-center">
          <CategoryTabs
            label="Menu categories"
            tabs={MENU_TABS}
            active={state.context.category}
            onSelect={(tab) => send({ type: 'menu.select', category: tab as MenuTab })}
          />
        </div>
        <div className="mt-8">
          <MenuGrid
            status={state.value}
            items={state.context.items}
            emptyText="Nothing in this category right now. Please check back soon."
          />
        </div>
        {state.matches('failed') && (
          <div className="mt-4 text-center">
            <button type="button" className="btn-dark" onClick={() => send({ type: 'menu.retry' })}>
              Try again
            </button>
          </div>
        )}
      </section>
    </>
  );
}
