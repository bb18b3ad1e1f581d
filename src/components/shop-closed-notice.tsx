import { lazy, Suspense } from 'react';
import { AfterHydration } from '../ui/after-hydration.tsx';

// Read once the page is up, in a chunk of its own: the pages stay cached (and light) whatever the
// switch and the hour, and checkout offers only later times on its own while the shop is closed.
const ShopClosedBanner = lazy(() =>
  import('./shop-closed-banner.tsx').then((m) => ({ default: m.ShopClosedBanner })),
);

/**
 * Says the shop is closed for orders now, and when it opens (Home, the Menu, checkout): outside its hours
 * or while the owner's switch is on. Shown only while closed, so an open shop's pages never move.
 */
export function ShopClosedNotice() {
  return (
    <AfterHydration placeholder={null}>
      <Suspense fallback={null}>
        <ShopClosedBanner />
      </Suspense>
    </AfterHydration>
  );
}
