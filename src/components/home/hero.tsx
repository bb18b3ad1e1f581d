import { Link } from '@tanstack/react-router';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden bg-ink text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20 lg:px-8">
        <div className="text-center md:text-left">
          <p className="font-script text-2xl text-brand">Quality foods</p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl leading-tight font-bold tracking-tight sm:text-5xl lg:text-6xl"
          >
            Healthy Food for healthy body
          </h1>
          <p className="mx-auto mt-5 max-w-md text-lg text-neutral-300 md:mx-0">
            Wood-fired pizzas, juicy burgers and fresh salads made from scratch every day, delivered hot to
            your door.
          </p>
          <div className="mt-8">
            <Link to="/menu" className="btn-primary">
              Order now
            </Link>
          </div>
        </div>
        <img
          src="/images/hero-pizza.svg"
          alt="A freshly baked pizza topped with basil, tomatoes and melted mozzarella"
          width={600}
          height={600}
          loading="eager"
          fetchpriority="high"
          className="mx-auto h-auto w-full max-w-md md:max-w-full"
        />
      </div>
    </section>
  );
}
