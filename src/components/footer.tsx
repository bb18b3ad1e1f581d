import { Link } from '@tanstack/react-router';
import { AtSign, Camera, CirclePlay, Clock, Globe, Mail, MapPin, Phone } from 'lucide-react';
import { dayHoursText, type ShopHours } from '../../contract/opening-hours.ts';
import { RESTAURANT_ADDRESS, RESTAURANT_EMAIL, RESTAURANT_PHONE } from '../content/contact.ts';
import { ShopHoursView } from './shop-hours.tsx';

// The spec's rows, their words as it gives them; the hours are the owner's (ordering and bookings are
// held to them): Monday's for 'Mon-Tues', Wednesday's for 'Wednes-Thurs', Sunday's for Sunday.
const openingHours = ({ week }: ShopHours) => [
  { day: 'Mon-Tues', hours: dayHoursText(week[1]) },
  { day: 'Wednes-Thurs', hours: dayHoursText(week[3]) },
  { day: 'Launch', hours: 'Every day' },
  { day: 'Sunday', hours: dayHoursText(week[0]) },
];

const USEFUL_LINKS = [
  'Privacy Policy',
  'Order Tracking',
  'Warranty and Services',
  'About',
  'Contact Us',
  'Wishlist',
] as const;

// lucide-react 1.x ships no brand logos, so generic icons stand in for the networks.
const SOCIALS = [
  { label: 'Pizzon on Facebook', Icon: Globe },
  { label: 'Pizzon on Instagram', Icon: Camera },
  { label: 'Pizzon on X', Icon: AtSign },
  { label: 'Pizzon on YouTube', Icon: CirclePlay },
] as const;

export function Footer() {
  return (
    <footer className="bg-ink text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div>
          <Link to="/" className="inline-block rounded">
            <img
              src="/images/logo.svg"
              alt="Pizzon"
              width={200}
              height={56}
              loading="lazy"
              className="h-14 w-auto"
            />
          </Link>
          <p className="mt-4 max-w-xs">Wood-fired pizza, burgers and desserts made fresh every day.</p>
          <ul className="mt-6 flex gap-3">
            {SOCIALS.map(({ label, Icon }) => (
              <li key={label}>
                <button
                  type="button"
                  aria-label={label}
                  className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-brand hover:text-ink"
                >
                  <Icon aria-hidden="true" className="size-5" />
                </button>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className="text-xl font-bold text-white">Contact</h2>
          <address className="mt-4 space-y-3 not-italic">
            <p className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <span>{RESTAURANT_ADDRESS}</span>
            </p>
            <p className="flex gap-3">
              <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <span>{RESTAURANT_PHONE}</span>
            </p>
            <p className="flex gap-3">
              <Mail aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand" />
              <span>{RESTAURANT_EMAIL}</span>
            </p>
          </address>
        </div>

        <div>
          <h2 className="flex items-center gap-2 text-xl font-bold text-white">
            <Clock aria-hidden="true" className="size-5 text-brand" />
            Opening hours
          </h2>
          <ShopHoursView
            render={(week) => (
              <dl className="mt-4 space-y-2">
                {openingHours(week).map(({ day, hours }) => (
                  <div key={day} className="flex justify-between gap-4 border-b border-white/10 pb-2">
                    <dt>{day}</dt>
                    <dd className="text-white">{hours}</dd>
                  </div>
                ))}
              </dl>
            )}
          />
        </div>

        <div>
          <h2 className="text-xl font-bold text-white">Useful links</h2>
          <ul className="mt-4 space-y-2">
            {USEFUL_LINKS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-center text-sm sm:px-6 lg:px-8">
          © 2023 Pizzon. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
