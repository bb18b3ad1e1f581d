import { Link } from '@tanstack/react-router';
import type { MenuItem } from '../../server/contract/menu.ts';
import { descriptionPreview } from '../../server/contract/menu.ts';

/** `priority`: the picture is in the first screen (fetched at once, first), not when scrolled near. */
export function MenuCard({ item, priority = false }: { item: MenuItem; priority?: boolean }) {
  const soldOut = item.quantity === 0;
  return (
    <Link
      to="/item-detail/$id"
      params={{ id: item._id }}
      className="group flex h-full flex-col overflow-hidden rounded-3xl bg-white shadow-md ring-offset-2 transition hover:-translate-y-0.5 hover:shadow-lg focus-visible:ring-4 focus-visible:ring-(--focus-ring) focus-visible:outline-none"
    >
      <div className="relative bg-cream">
        <img
          src={item.image}
          alt={item.name}
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="aspect-square h-auto w-full object-cover transition group-hover:scale-[1.02]"
        />
        {soldOut && (
          <span className="absolute top-3 left-3 rounded-full bg-coral-ink px-3 py-1 text-sm font-bold text-white">
            Sold out
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-xl font-bold group-hover:text-brand-ink">{item.name}</h3>
        <p className="mt-1 flex-1 text-neutral-700">{descriptionPreview(item.description)}</p>
        <p className="mt-3 text-xl font-bold text-brand-ink">${item.price.toFixed(2)}</p>
      </div>
    </Link>
  );
}
