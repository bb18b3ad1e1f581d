import { createActor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import { addToCart, fetchCart, removeCartLine, setCartLineQuantity } from '../api/cart.ts';
import { describeFailure } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { inspect } from './inspector.ts';
import { session } from './session.ts';

function signedInUid(): string {
  const uid = session.getSnapshot().context.user?.uid;
  if (!uid) throw new Error('You are not signed in');
  return uid;
}

const readable = (error: unknown) => Promise.reject(new Error(describeFailure(error).message));

export const liveCartMachine = cartMachine.provide({
  actors: {
    fetchCart: fromPromise(() => fetchCart(signedInUid()).catch(readable)),
    addLine: fromPromise(({ input }) =>
      addToCart(signedInUid(), input.itemId, input.quantity).catch(readable),
    ),
    removeLine: fromPromise(({ input }) => removeCartLine(input.id).catch(readable)),
    saveQuantity: fromPromise(({ input }) => setCartLineQuantity(input.id, input.quantity).catch(readable)),
  },
  actions: {
    announceAdded: (_, { name }) => notify.success(`"${name}" item has been added to your cart`),
    announceDuplicate: (_, { name }) => notify.error(`"${name}" item has been already added`),
    announceFailure: (_, { message }) => notify.error(message),
  },
});

/** The customer's cart, shared by the navbar, item pages, My cart and checkout. */
export const cart = createActor(liveCartMachine, { inspect });

/** Loads the cart once sign-in has settled as a customer, and forgets it on sign-out. */
export function startCart(): void {
  cart.start();
  let loadedFor: string | null = null;
  session.subscribe((snapshot) => {
    if (!isSessionSettled(snapshot)) return;
    const uid = isCustomer(snapshot) ? (snapshot.context.user?.uid ?? null) : null;
    if (uid === loadedFor) return;
    cart.send({ type: 'cart.clear' });
    if (uid) cart.send({ type: 'cart.load' });
    loadedFor = uid;
  });
}
