import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { MenuItem } from '../../contract/menu.ts';
import { descriptionPreview } from '../../contract/menu.ts';
import { formatMenuPrice, toCents } from '../../contract/money.ts';
import { AfterHydration } from '../ui/after-hydration.tsx';
import { hydratedWhenNear } from '../ui/hydrate-later.tsx';
import { DishImage } from './fallback-image.tsx';

// A customer's quick Add reads the session and the cart, whose chunk arrives after the first paint: it
// shows only once the page is hydrated, as the server renders the same card for everyone.
const QuickAdd = lazy(() => import('./quick-add.tsx').then((m) => ({ default: m.QuickAdd })));

interface CardProps {
  item: MenuItem;
  /** The picture is in the first screen (fetched at once, first), not when scrolled near. */
  priority: boolean;
}

/** The card itself: a link to the item page with its picture, name, description and price. */
function CardLink({ item, priority }: CardProps) {
  const soldOut = item.quantity === 0;
  return (
    <Link
      to="/item-detail/$id"
      params={{ id: item._id }}
      className="flex h-full flex-col overflow-hidden rounded-2xl bg-white sm:rounded-3xl shadow-md ring-offset-2 transition hover:shadow-lg focus-visible:ring-4 focus-visible:ring-(--focus-ring) focus-visible:outline-none"
    >
      <div className="relative bg-cream">
        <DishImage
          src={item.image}
          alt={item.name}
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchpriority={priority ? 'high' : 'auto'}
          className="aspect-square h-auto w-full object-cover transition group-hover:scale-[1.02]"
        />
        {soldOut && (
          <span className="absolute top-2 left-2 rounded-full bg-coral-ink px-2.5 py-0.5 text-sm font-bold text-white sm:top-3 sm:left-3 sm:px-3 sm:py-1">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-5">
        <h3 className="text-lg leading-snug font-bold break-words group-hover:text-brand-ink sm:text-xl">
          {item.name}
        </h3>
        <p className="mt-1 flex-1 text-sm break-words text-neutral-700 sm:text-base">
          {descriptionPreview(item.description)}
        </p>
        <p className="mt-2 text-lg font-bold text-brand-ink sm:mt-3 sm:text-xl">
          {formatMenuPrice(toCents(item.price))}
        </p>
      </div>
    </Link>
  );
}

// A card below the first rows is adopted by the browser as the visitor nears it; its quick Add, outside
// it, comes with the page as before (src/ui/hydrate-later.tsx).
const CardLinkWhenNear = hydratedWhenNear(CardLink);

/** `hydrateWhenNear`: the card is below the grid's first rows. */
export function MenuCard({
  item,
  priority = false,
  hydrateWhenNear = false,
}: {
  item: MenuItem;
  priority?: boolean;
  hydrateWhenNear?: boolean;
}) {
  const Card = hydrateWhenNear ? CardLinkWhenNear : CardLink;
  return (
    // The card lifts as one on hover, its quick Add with it.
    <div className="group relative h-full transition hover:-translate-y-0.5">
      <Card item={item} priority={priority} />
      {item.quantity > 0 && (
        <AfterHydration placeholder={null}>
          <Suspense fallback={null}>
            <QuickAdd item={item} />
          </Suspense>
        </AfterHydration>
      )}
    </div>
  );
}
