import { type Actor, fromPromise } from 'xstate';
import { cartMachine } from '../../machines/cart.machine.ts';
import { isCustomer, isSessionSettled } from '../../machines/session.machine.ts';
import {
  addToCart,
  applyCartPromo,
  fetchCart,
  fetchCartPromo,
  removeCartLine,
  removeCartPromo,
  setCartLineQuantity,
} from '../api/cart.ts';
import { rejectReadably } from '../ui/failure.ts';
import { forgetPendingAdd, newAddKey, pendingAdd } from '../ui/pending-add.ts';
import { notify } from '../ui/toast.ts';
import type { SessionActor } from './session.ts';

/** The cart machine with its effects, acting for whoever `signedInUid` names. */
export const liveCartMachine = (signedInUid: () => string) =>
  cartMachine.provide({
    actors: {
      fetchCart: fromPromise(async () => {
        const uid = signedInUid();
        const [lines, promo] = await Promise.all([fetchCart(uid), fetchCartPromo(uid)]).catch(rejectReadably);
        return { lines, promo };
      }),
      applyPromo: fromPromise(({ input }) => applyCartPromo(signedInUid(), input.code).catch(rejectReadably)),
      removePromo: fromPromise(() => removeCartPromo(signedInUid()).catch(rejectReadably)),
      addLine: fromPromise(async ({ input: { name: _, addKey = newAddKey(), ...addition } }) => {
        try {
          return await addToCart(signedInUid(), { ...addition, addKey }).catch(rejectReadably);
        } finally {
          forgetPendingAdd(addKey);
        }
      }),
      removeLine: fromPromise(({ input }) => removeCartLine(input.id).catch(rejectReadably)),
      saveQuantity: fromPromise(({ input }) =>
        setCartLineQuantity(input.id, input.quantity).catch(rejectReadably),
      ),
    },
    actions: {
      announceAdded: (_, { name }) => notify.success(`"${name}" item has been added to your cart`),
      announceDuplicate: (_, { name }) => notify.error(`"${name}" item has been already added`),
      announceFailure: (_, { message }) => notify.error(message),
    },
  });

/** The customer's cart, shared by the navbar, item pages, My cart and checkout. */
export type CartActor = Actor<ReturnType<typeof liveCartMachine>>;

/** Loads the cart once sign-in has settled as a customer, and forgets it on sign-out. */
export function startCart(cart: CartActor, session: SessionActor): void {
  cart.start();
  let loadedFor: string | null = null;
  session.subscribe((snapshot) => {
    if (!isSessionSettled(snapshot)) return;
    const uid = isCustomer(snapshot) ? (snapshot.context.user?.uid ?? null) : null;
    if (uid === loadedFor) return;
    cart.send({ type: 'cart.clear' });
    if (uid) {
      cart.send({ type: 'cart.load' });
      // What the customer asked to add as a guest, before signing in: added now, once.
      const pending = pendingAdd();
      if (pending) cart.send({ type: 'cart.add', ...pending });
    }
    loadedFor = uid;
  });
}
