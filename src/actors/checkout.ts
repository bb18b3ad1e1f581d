import { HTTPError } from 'ky';
import { fromPromise } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { forgetCart } from '../api/cart.ts';
import { createPayment } from '../api/orders.ts';
import { describeFailure } from '../ui/failure.ts';
import { cart } from './cart.ts';
import { session } from './session.ts';

export const liveCheckoutMachine = checkoutMachine.provide({
  actors: {
    createPayment: fromPromise(async ({ input }) => {
      const uid = session.getSnapshot().context.user?.uid;
      if (!uid) throw new Error('You are not signed in');
      try {
        return await createPayment(uid, input);
      } catch (error) {
        // Prices or stock changed since the cart was read: show the cart as it is now.
        if (error instanceof HTTPError && error.response.status === 409) {
          forgetCart();
          cart.send({ type: 'cart.refresh' });
        }
        throw new Error(describeFailure(error).message);
      }
    }),
  },
  actions: {
    redirectTo: (_, { url }) => window.location.assign(url),
  },
});
