import { formatMenuPrice, toCents } from '../../../contract/money.ts';
import { SPECIALITY } from '../../content/speciality.ts';

export function Speciality() {
  return (
    <section aria-labelledby="speciality-title" className="render-when-near bg-cream">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="text-center">
          <p className="eyebrow">Chef's picks</p>
          <h2 id="speciality-title" className="section-title mt-2">
            Our Speciality
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-neutral-700">
            Three dishes our regulars come back for again and again.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SPECIALITY.map((dish) => (
            <li key={dish.name} className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-md">
              <img
                src={dish.img}
                alt={dish.name}
                width={400}
                height={300}
                loading="lazy"
                className="aspect-4/3 h-auto w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <h3 className="text-2xl font-bold">{dish.name}</h3>
                <p className="mt-2 flex-1 text-neutral-700">{dish.description}</p>
                <p className="mt-4 text-xl font-bold text-brand-ink">
                  {formatMenuPrice(toCents(dish.price))}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
