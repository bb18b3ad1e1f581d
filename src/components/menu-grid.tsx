import { Pizza } from 'lucide-react';
import type { MenuItem } from '../../contract/menu.ts';
import { MenuCard } from './menu-card.tsx';

interface MenuGridProps {
  status: 'loading' | 'loaded' | 'failed';
  items: readonly MenuItem[];
  emptyText: string;
  /** The grid opens its page: its first pictures are the page's largest paint, wanted at once. */
  atTop?: boolean;
}

// As many cards as the widest layout shows in its first row (two rows on a phone): the browser adopts
// them with the page, the cards after them as the visitor scrolls near.
const FIRST_ROW = 4;

export function MenuGrid({ status, items, emptyText, atTop = false }: MenuGridProps) {
  if (status === 'loading') {
    return (
      <div role="status" className="flex justify-center py-16">
        <span
          aria-hidden="true"
          className="size-12 animate-spin rounded-full border-4 border-brand/30 border-t-brand-dark"
        />
        <span className="sr-only">Loading menu…</span>
      </div>
    );
  }

  if (status === 'failed') {
    return (
      <p
        role="alert"
        className="mx-auto max-w-md rounded-2xl bg-coral/10 px-6 py-5 text-center font-bold text-coral-ink"
      >
        We could not load the menu. Please try again.
      </p>
    );
  }

  if (items.length === 0) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-3xl bg-cream px-6 py-12 text-center">
        <Pizza aria-hidden="true" className="size-12 text-brand-dark" />
        <p className="text-lg text-neutral-700">{emptyText}</p>
      </div>
    );
  }

  return (
    <ul className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 sm:gap-6 lg:grid-cols-3 xl:grid-cols-4">
      {items.map((item, index) => {
        const priority = atTop && index < FIRST_ROW;
        return (
          <li key={item._id} className={priority ? undefined : 'card-render-when-near'}>
            <MenuCard item={item} priority={priority} hydrateWhenNear={index >= FIRST_ROW} />
          </li>
        );
      })}
    </ul>
  );
}
