import { lazy, type ReactNode, Suspense } from 'react';
import { DEFAULT_SHOP_HOURS, type ShopHours } from '../../contract/opening-hours.ts';
import { AfterHydration } from '../ui/after-hydration.tsx';

// The owner's hours are read once the page is up, in a chunk of its own: the public pages stay cached
// whatever the owner sets, and show the seed's hours (the spec's footer) until the read answers.
const OwnersHours = lazy(() => import('./owners-hours.tsx').then((m) => ({ default: m.OwnersHours })));

/** The shop's week, rendered by `render`: the seed's first, then the owner's. */
export function ShopHoursView({ render }: { render: (hours: ShopHours) => ReactNode }) {
  const seed = render(DEFAULT_SHOP_HOURS);
  return (
    <AfterHydration placeholder={seed}>
      <Suspense fallback={seed}>
        <OwnersHours render={render} />
      </Suspense>
    </AfterHydration>
  );
}
