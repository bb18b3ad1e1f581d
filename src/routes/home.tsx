import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { About } from '../components/home/about.tsx';
import { ChefsCarousel } from '../components/home/chefs-carousel.tsx';
import { Hero } from '../components/home/hero.tsx';
import { ReviewsCarousel } from '../components/home/reviews-carousel.tsx';
import { Speciality } from '../components/home/speciality.tsx';
import { Steps } from '../components/home/steps.tsx';
import { ShopClosedNotice } from '../components/shop-closed-notice.tsx';
import { hydratedWhenNear, useFirstInputCame } from '../ui/hydrate-later.tsx';
import { useNearViewport } from '../ui/use-near-viewport.ts';

// What lies below the fold and the browser renders itself comes in chunks of their own, fetched as the
// visitor scrolls within a screen of it or first taps, types or clicks: the menu browser brings XState's
// menu and the API client's fetch, the booking form react-hook-form. A visitor who reads the first
// screen and leaves never runs them. The carousels' slides are in the page's HTML; only Swiper and its
// CSS wait until the visitor scrolls towards them (src/components/use-carousel-autoplay.ts).
const MenuBrowser = lazy(() => import('./menu-browser.tsx').then((m) => ({ default: m.LimitedMenuBrowser })));
const BookOnline = lazy(() => import('./home-book-online.tsx').then((m) => ({ default: m.BookOnline })));

/** Holds a lazy section's place (roughly its height) until it is wanted and its chunk has arrived. */
function BelowTheFold({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  const acted = useFirstInputCame();
  const placeholder = <div ref={place} aria-hidden="true" className="min-h-[36rem]" />;
  return near || acted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

function SpecialMenu() {
  return (
    <section aria-labelledby="special-menu-title" className="bg-cream py-16">
      <div className="mx-auto max-w-7xl px-4">
        <p className="eyebrow text-center">Fresh from our oven</p>
        <h2 id="special-menu-title" className="section-title text-center">
          Our Special Menu
        </h2>
        <div className="mt-8">
          <BelowTheFold>
            <MenuBrowser
              label="Special menu categories"
              emptyText="Nothing in this category today. Try another tab!"
            />
          </BelowTheFold>
        </div>
        <div className="mt-10 text-center">
          <Link to="/menu" className="btn-dark">
            See the full menu
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Home's closing band (the spec leaves this section open; see docs/decisions). */
function OrderCallToAction() {
  return (
    <section aria-labelledby="order-cta-title" className="render-when-near bg-brand py-14 text-ink">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 text-center">
        <h2 id="order-cta-title" className="section-title">
          Hungry already?
        </h2>
        <p className="max-w-xl text-lg">
          Hot pizza, juicy burgers and crisp salads, delivered or ready to pick up.
        </p>
        <Link to="/menu" className="btn-dark">
          Browse the menu
        </Link>
      </div>
    </section>
  );
}

// The sections the server renders below the hero are adopted by the browser as the visitor nears them
// (or does anything at all): the header and the first screen come to life first (src/ui/hydrate-later.tsx).
const StepsWhenNear = hydratedWhenNear(Steps);
const AboutWhenNear = hydratedWhenNear(About);
const SpecialityWhenNear = hydratedWhenNear(Speciality);
const ChefsWhenNear = hydratedWhenNear(ChefsCarousel);
const ReviewsWhenNear = hydratedWhenNear(ReviewsCarousel);
const OrderCallToActionWhenNear = hydratedWhenNear(OrderCallToAction);

export function HomePage() {
  return (
    <>
      <ShopClosedNotice />
      <Hero />
      <StepsWhenNear />
      <AboutWhenNear />
      <SpecialityWhenNear />
      <SpecialMenu />
      <BelowTheFold>
        <BookOnline />
      </BelowTheFold>
      <ChefsWhenNear />
      <ReviewsWhenNear />
      <OrderCallToActionWhenNear />
    </>
  );
}
