export function BlogPage() {
  return (
    <article className="pb-16">
      <header className="bg-cream">
        <div className="mx-auto max-w-5xl px-4 pt-12 pb-10 sm:px-6 lg:px-8">
          <p className="eyebrow">From our kitchen</p>
          <h1 className="mt-2 max-w-3xl text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
            The secret life of a wood-fired crust
          </h1>
          <p className="mt-4 text-neutral-700">
            By Marco Bellini, Head Pizzaiolo · <time dateTime="2023-09-14">14 September 2023</time> · 4 min
            read
          </p>
          <img
            src="/images/blog.svg"
            alt="Pizza dough being slid into a glowing wood-fired oven"
            width={1200}
            height={600}
            loading="eager"
            fetchpriority="high"
            className="mt-8 h-auto w-full rounded-3xl shadow-md"
          />
        </div>
      </header>
      <div className="mx-auto mt-10 max-w-prose space-y-6 px-4 text-lg leading-relaxed text-neutral-800 sm:px-6">
        <p>
          Every pizza that leaves our oven starts two days earlier, in a quiet corner of the kitchen where the
          dough rests. We mix just four ingredients — flour, water, salt and a pinch of yeast — and then we
          let time do the hard work. A slow, cool rise gives the yeast room to build flavour and makes the
          dough easier to digest.
        </p>
        <p>
          On the morning of service we divide the dough into balls by hand. Each one is weighed, rounded and
          tucked into a floured tray, where it relaxes until the first orders arrive. It is a small ritual,
          but it is the reason every base stretches evenly without tearing.
        </p>
        <p>
          Our oven burns seasoned hardwood and runs at around 450 °C. At that heat a pizza bakes in about
          ninety seconds: the bottom crisps on the stone, the rim puffs up and picks up those dark, blistered
          spots we call leopard marks, and the cheese melts without turning greasy.
        </p>
        <p>
          Toppings are where we show restraint. A good tomato sauce needs nothing more than ripe tomatoes,
          salt and a little olive oil. We add fresh mozzarella in torn pieces rather than shredded, so it
          pools in soft, creamy islands instead of a heavy blanket.
        </p>
        <p>
          The last step happens after the oven: a few leaves of basil, a thread of olive oil and, for the
          truffle pizza, a careful drizzle of truffle oil. Adding them at the end keeps their aroma bright and
          lets each ingredient taste of itself.
        </p>
        <p>
          Next time you open one of our boxes, take a second to look at the crust. Those bubbles and freckles
          are the story of two days of patience and ninety seconds of fire — and we think that is the best
          part of the whole pizza.
        </p>
      </div>
    </article>
  );
}
