import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { LinkVerdict } from '../../contract/payment-link.ts';
import { RESTAURANT_PHONE } from '../content/contact.ts';

const route = getRouteApi('/phone-order/$tranId');

const HEADLINES: Record<LinkVerdict, string> = {
  success: 'Payment Successful!',
  fail: 'Your payment did not go through',
  cancel: 'You cancelled the payment',
};

/**
 * Where a caller who paid a phone order through its link comes back from the gateway
 * (docs/decisions/039-cash-and-the-counter.md): the order has no account, so this page asks for none and
 * shows nothing of the order but its number, which the caller's text already holds.
 */
export function PaidByLinkPage() {
  const { tranId } = route.useParams();
  const { payment } = route.useSearch();
  const paid = payment === 'success';
  return (
    <section className="mx-auto grid max-w-2xl justify-items-center gap-4 px-4 py-20 text-center">
      {paid ? (
        <CircleCheck aria-hidden="true" className="size-24 text-green-600" />
      ) : (
        <CircleAlert aria-hidden="true" className="size-24 text-coral-ink" />
      )}
      <h1 className="text-3xl font-bold">{payment ? HEADLINES[payment] : 'Your phone order'}</h1>
      <p className="text-lg">
        Transaction number: <strong className="font-mono break-all">{tranId}</strong>
      </p>
      <p className="text-lg">
        {paid
          ? 'Thank you! Your order is with the kitchen. We will call you on the number you gave us if anything changes.'
          : 'Nothing was charged. Open the link in our text again to pay while your order is held, or call us and we will sort it out.'}
      </p>
      <p className="text-lg">
        Questions? Call us on{' '}
        <a className="font-bold underline" href={`tel:${RESTAURANT_PHONE.replace(/[^+\d]/g, '')}`}>
          {RESTAURANT_PHONE}
        </a>
        .
      </p>
      <Link to="/" className="btn-primary">
        Go Home
      </Link>
    </section>
  );
}
