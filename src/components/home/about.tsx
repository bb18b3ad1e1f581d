import { Link } from '@tanstack/react-router';

export function About() {
  return (
    <section aria-labelledby="about-title" className="render-when-near bg-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
        <img
          src="/images/about.svg"
          alt="The warm dining room of Pizzon with its wood-fired oven"
          width={600}
          height={450}
          loading="lazy"
          className="h-auto w-full rounded-3xl"
        />
        <div>
          <p className="eyebrow">Delicious Restaurant</p>
          <h2 id="about-title" className="section-title mt-2">
            About Pizzon
          </h2>
          <p className="mt-5 text-neutral-700">
            Pizzon started as a small neighbourhood oven and a handful of family recipes. Today our cooks
            still stretch every dough by hand, let it rest for two days and bake it on stone until the edges
            blister and the cheese bubbles.
          </p>
          <p className="mt-4 text-neutral-700">
            We buy our vegetables from local growers, make our sauces in house and keep the menu short so
            everything we serve is fresh. Whether you eat in, pick up or order for delivery, we want every
            meal to feel like a small celebration.
          </p>
          <Link to="/blog" className="btn-dark mt-8">
            View More
          </Link>
        </div>
      </div>
    </section>
  );
}
