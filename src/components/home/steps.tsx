const STEPS = [
  {
    title: 'Order your food',
    text: 'Pick your favourites from our menu in a few taps.',
    icon: '/images/steps/order.svg',
  },
  {
    title: 'Delivery or pick up',
    text: 'We bring it to your door, or have it ready at the counter.',
    icon: '/images/steps/delivery.svg',
  },
  {
    title: 'Delicious recepie',
    text: 'Fresh ingredients and time-tested recipes in every bite.',
    icon: '/images/steps/recipe.svg',
  },
] as const;

export function Steps() {
  return (
    <section aria-labelledby="steps-title" className="bg-cream">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="steps-title" className="sr-only">
          How ordering works
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm">
              <img
                src={step.icon}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 shrink-0"
              />
              <div>
                <h3 className="text-xl font-bold">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="text-neutral-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
