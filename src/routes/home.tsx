import { Link } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { Phone } from 'lucide-react';
import { LIMITED_VIEW } from '../../server/contract/menu.ts';
import { liveBookingMachine } from '../actors/booking.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { About } from '../components/home/about.tsx';
import { ChefsCarousel } from '../components/home/chefs-carousel.tsx';
import { Hero } from '../components/home/hero.tsx';
import { ReviewsCarousel } from '../components/home/reviews-carousel.tsx';
import { Speciality } from '../components/home/speciality.tsx';
import { Steps } from '../components/home/steps.tsx';
import { RESTAURANT_PHONE } from '../components/navbar.tsx';
import { MenuBrowser } from './menu-browser.tsx';

function SpecialMenu() {
  return (
    <section aria-labelledby="special-menu-title" className="bg-cream py-16">
      <div className="mx-auto max-w-7xl px-4">
        <p className="eyebrow text-center">Fresh from our oven</p>
        <h2 id="special-menu-title" className="section-title text-center">
          Our Special Menu
        </h2>
        <div className="mt-8">
          <MenuBrowser
            limit={LIMITED_VIEW}
            label="Special menu categories"
            emptyText="Nothing in this category today. Try another tab!"
          />
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

function BookOnline() {
  const [state, send] = useMachine(liveBookingMachine);
  return (
    <section aria-labelledby="book-online-title" className="py-16">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-2 lg:items-center">
        <div>
          <p className="eyebrow">Book Online</p>
          <h2 id="book-online-title" className="section-title">
            Book a Table
          </h2>
          <p className="mt-3 text-neutral-700">
            Reserve your table in a few seconds, or call us and we will find you a seat by the oven.
          </p>
          <p className="mt-6 flex items-center gap-3 text-2xl font-bold">
            <Phone aria-hidden="true" className="size-6 text-brand-ink" />
            {RESTAURANT_PHONE}
          </p>
        </div>
        <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-black/5 sm:p-8">
          <BookingForm
            variant="compact"
            submitting={state.matches('submitting')}
            booked={state.context.submitted}
            onSubmit={(values) => send({ type: 'form.submit', values })}
          />
        </div>
      </div>
    </section>
  );
}

/** Home's closing band (the spec leaves this section open; see docs/decisions). */
function OrderCallToAction() {
  return (
    <section aria-labelledby="order-cta-title" className="bg-brand py-14 text-ink">
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

export function HomePage() {
  return (
    <>
      <Hero />
      <Steps />
      <About />
      <Speciality />
      <SpecialMenu />
      <BookOnline />
      <ChefsCarousel />
      <ReviewsCarousel />
      <OrderCallToAction />
    </>
  );
}
