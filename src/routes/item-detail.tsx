import { getRouteApi, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { Minus, Plus, ShoppingCart } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef } from 'react';
import { CART_LINE_MAX_UNITS, lineCapMessage } from '../../contract/cart.ts';
import type { MenuItem } from '../../contract/menu.ts';
import { formatMenuPrice, toCents } from '../../contract/money.ts';
import { type OptionGroup, takesExactlyOne } from '../../contract/options.ts';
import { priceLine } from '../../contract/pricing.ts';
import type { CartAddition } from '../../machines/cart.machine.ts';
import { configuratorMachine } from '../../machines/configurator.machine.ts';
import { quantityMachine } from '../../machines/quantity.machine.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { useActors } from '../actors/context.tsx';
import { DishImage } from '../components/fallback-image.tsx';
import { PhoneCartBar } from '../components/phone-cart-bar.tsx';
import { useHydrated, useWhenHydrated } from '../ui/after-hydration.tsx';
import { showDialog } from '../ui/dialog.ts';
import { loadedBehindMenu } from '../ui/menu-behind.ts';
import { newAddKey, rememberPendingAdd } from '../ui/pending-add.ts';
import { itemJsonLd, scriptJson } from './item-json-ld.ts';
import { InstructionsField, OptionGroups } from './item-options.tsx';

const route = getRouteApi('/item-detail/$id');

export const soldOutMessage = (name: string) =>
  `${name} is no longer in stock. Please wait for the available in stock.`;
export const lastUnitsMessage = (stock: number, name: string) => `There are only ${stock} ${name} in stock.`;

/**
 * What the customer orders: the item's options (machines/configurator.machine.ts), the stepper, the
 * instructions and Add to Cart with the line's price, in a bar that stays in reach at the bottom of a
 * phone's screen. The page's server render shows the defaults; it hydrates as the registry's session
 * and cart arrive.
 */
function ItemOrder({
  item,
  onHydrated,
}: {
  item: MenuItem;
  /** Called once the configurator, hydrated from the server's HTML, is the browser's. */
  onHydrated: () => void;
}) {
  const [options, choose] = useMachine(configuratorMachine, {
    input: { groups: item.options ?? [], priceCents: toCents(item.price) },
  });
  // The contract's default cap on a cart line: the server refuses more (400) and says its own cap if it
  // runs with another one.
  const [state, send] = useMachine(quantityMachine, {
    input: { stock: item.quantity, limit: CART_LINE_MAX_UNITS },
  });
  // The stock read again after hydration keeps the count already stepped to, within the new stock.
  useEffect(() => send({ type: 'quantity.stock', stock: item.quantity }), [send, item.quantity]);
  const navigate = useNavigate();
  const here = useRouterState({ select: (s) => s.location.href });
  const { quantity } = state.context;
  const { chosen, instructions, unitCents, problem } = options.context;
  // The server renders this page knowing nobody's session, and so does the browser until it has taken
  // the page over: hydration keeps the server's attributes, so both renders must agree.
  const hydrated = useHydrated();
  useWhenHydrated(onHydrated);
  const { session, cart } = useActors();
  const settled = useSelector(session, isSessionSettled) && hydrated;
  const signedIn = useSelector(session, (s) => s.matches('signedIn')) && settled;
  const customer = useSelector(session, isCustomer) && settled;
  const addition: CartAddition = {
    itemId: item._id,
    quantity,
    name: item.name,
    choices: chosen,
    instructions: instructions.trim(),
  };
  const cartTakesAdds = useSelector(cart, (s) => s.can({ type: 'cart.add', ...addition }));
  // Until sign-in has been restored we cannot tell a guest from a customer, and a customer's cart
  // takes one addition at a time: a click in either gap would be lost or answered wrongly.
  const waiting = !settled || (customer && !cartTakesAdds);
  const orderable = options.matches('complete');
  const lineCents = priceLine({ priceCents: unitCents, quantity }).subtotalCents;

  async function addToCart() {
    if (customer) {
      cart.send({ type: 'cart.add', ...addition });
      return;
    }
    const answer = await showDialog({
      titleText: 'Please login',
      text: 'You are not logged in',
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Login',
    });
    if (!answer.isConfirmed) return;
    // Added for them once they have signed in (src/actors/cart.ts), once however often it is sent.
    rememberPendingAdd({ ...addition, addKey: newAddKey() });
    await navigate({ to: '/auth', search: { redirect: here } });
  }

  const take = (group: OptionGroup, choiceId: string) =>
    ({ type: takesExactlyOne(group) ? 'options.choose' : 'options.toggle', choiceId }) as const;

  return (
    <div className="mt-2">
      {options.context.groups.length > 0 && (
        <OptionGroups
          groups={options.context.groups}
          chosen={chosen}
          disabled={!hydrated}
          canTake={(group, choiceId) => options.can(take(group, choiceId))}
          onTake={(group, choiceId) => choose(take(group, choiceId))}
        />
      )}
      <InstructionsField
        value={instructions}
        disabled={!hydrated}
        onChange={(text) => choose({ type: 'options.instructions', text })}
      />
      {state.matches('atStock') && (
        <p className="mt-3 font-bold text-coral-ink" role="status">
          {lastUnitsMessage(item.quantity, item.name)}
        </p>
      )}
      {state.matches('atLimit') && (
        <p className="mt-3 font-bold text-coral-ink" role="status">
          {lineCapMessage(CART_LINE_MAX_UNITS, item.name)}
        </p>
      )}
      {problem && (
        <p className="mt-3 font-bold text-coral-ink" role="status">
          {problem}
        </p>
      )}
      {/* On a phone the bar stays at the bottom of the screen (above the View cart bar when it shows). */}
      <div
        data-item-add-bar=""
        className="z-20 -mx-4 mt-4 flex flex-wrap items-center gap-2 bg-white/95 sm:gap-3 px-4 py-3 max-md:sticky max-md:bottom-0 max-md:shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:mx-0 md:px-0"
      >
        {/* Inert until the browser has taken the page over: a tap before then would be lost. */}
        <fieldset
          className="inline-flex items-center rounded-full border border-neutral-300"
          disabled={!hydrated}
        >
          <legend className="sr-only">Quantity</legend>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100 disabled:opacity-40"
            aria-label="Decrease quantity"
            disabled={!state.can({ type: 'quantity.decrement' })}
            onClick={() => send({ type: 'quantity.decrement' })}
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output className="w-10 text-center text-xl font-bold" aria-live="polite" aria-label="Quantity">
            {quantity}
          </output>
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100 disabled:opacity-40"
            aria-label="Increase quantity"
            disabled={!state.can({ type: 'quantity.increment' })}
            onClick={() => send({ type: 'quantity.increment' })}
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </fieldset>
        {/* The line's running price, once the options or the quantity make it other than the item's. */}
        <p
          className="text-xl font-bold text-brand-ink empty:hidden sm:text-2xl"
          role="status"
          aria-live="polite"
          aria-label="Line price"
        >
          {lineCents === toCents(item.price) ? '' : formatMenuPrice(lineCents)}
        </p>
        {/* Enabled for guests (who are asked to log in) and customers; admins do not shop. */}
        <button
          type="button"
          className="btn-primary max-md:ml-auto"
          onClick={addToCart}
          disabled={(signedIn && !customer) || waiting || !orderable}
          aria-busy={waiting}
          title={signedIn && !customer ? 'Only customers can order' : undefined}
        >
          <ShoppingCart aria-hidden="true" className="size-5 max-sm:hidden" />
          Add to Cart
        </button>
      </div>
    </div>
  );
}

/**
 * Reads the item again once the browser has taken over a page the site server kept while sales went on
 * (its HTML shows the stock of its render: server/site/page-cache.ts), from the API's memory. Only
 * then: a page sent current costs no second read, nor does one the browser rendered itself, nor a
 * sold-out one (selling out and coming back move the listing: it is never kept past either). Called by
 * the stepper once hydrated, not by this page: the stepper hydrates when the registry of actors is
 * there, and an update reaching its boundary before that would have React throw the server's HTML away
 * and render it anew.
 */
function useStockReadAgain(): () => void {
  const router = useRouter();
  const asked = useRef(false);
  return useCallback(() => {
    if (asked.current || !loadedBehindMenu()) return;
    asked.current = true;
    void router.invalidate({ filter: (match) => match.routeId === route.id });
  }, [router]);
}

export function ItemDetailPage() {
  const item = route.useLoaderData();
  const readAgain = useStockReadAgain();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <>
      {/* For search engines: the dish, its price and its options (schema.org), in the server's HTML. */}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own, '<' escaped by scriptJson.
        dangerouslySetInnerHTML={{ __html: scriptJson(itemJsonLd(item, path)) }}
      />
      <article className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <DishImage
          src={item.image}
          alt={item.name}
          width={480}
          height={480}
          fetchpriority="high"
          className="mx-auto aspect-square w-full max-w-md rounded-full bg-cream object-cover shadow-xl ring-8 ring-cream"
        />
        <div>
          <p className="font-script text-xl capitalize text-brand-ink">{item.category}</p>
          <h1 className="mt-1 text-4xl font-bold uppercase tracking-wide">{item.name}</h1>
          <p className="mt-3 text-3xl font-bold text-brand-ink">{formatMenuPrice(toCents(item.price))}</p>
          <p className="mt-5 text-lg text-neutral-700">{item.description}</p>
          <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-bold">Category</dt>
            <dd className="capitalize">{item.category}</dd>
            <dt className="font-bold">Stock</dt>
            <dd>{item.quantity} (items)</dd>
          </dl>
          {item.quantity > 0 ? (
            // It waits for the registry's session and cart in a boundary of its own, so that the rest of
            // the page hydrates meanwhile. Its key starts it again for another item; a stock read again
            // keeps the customer's choices and count.
            <Suspense fallback={null}>
              <ItemOrder key={item._id} item={item} onHydrated={readAgain} />
            </Suspense>
          ) : (
            <p className="mt-6 rounded-xl bg-coral/10 p-4 font-bold text-coral-ink" role="status">
              {soldOutMessage(item.name)}
            </p>
          )}
        </div>
      </article>
      <PhoneCartBar />
    </>
  );
}
