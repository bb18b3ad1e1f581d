import { lazy, Suspense } from 'react';
import { AfterHydration } from '../ui/after-hydration.tsx';

// The bar reads the session and the cart, whose registry arrives after the first paint (boot.tsx):
// it shows only once the page is hydrated, as the server renders nobody's cart.
const ViewCartBar = lazy(() => import('./cart-reach.tsx').then((m) => ({ default: m.ViewCartBar })));

/** The View cart bar of the Menu and item pages on phones (src/components/cart-reach.tsx). */
export function PhoneCartBar() {
  return (
    <AfterHydration placeholder={null}>
      <Suspense fallback={null}>
        <ViewCartBar />
      </Suspense>
    </AfterHydration>
  );
}
