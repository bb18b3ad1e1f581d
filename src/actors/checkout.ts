import { HTTPError } from 'ky';
import { fromPromise } from 'xstate';
import { areaOf } from '../../contract/delivery.ts';
import { checkoutMachine, type Remembered } from '../../machines/checkout.machine.ts';
import { createSubmitMachine } from '../../machines/submit.machine.ts';
import { forgetCart } from '../api/cart.ts';
import { fetchDeliveryAreas, fetchOrderSlots, fetchPaymentOptions } from '../api/ordering.ts';
import { createPayment, fetchMyOrders } from '../api/orders.ts';
import { fetchProfile, saveProfileAddress } from '../api/profile.ts';
import { describeFailure, rejectReadably } from '../ui/failure.ts';
import { notify } from '../ui/toast.ts';
import { fromActors, useLogic } from './context.tsx';

const pick = <T extends object, K extends keyof T>(from: T, keys: K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

export const checkoutLogic = fromActors(({ session, cart, signedInUid }) => ({
  checkout: checkoutMachine.provide({
    actors: {
      createPayment: fromPromise(async ({ input }) => {
        const uid = signedInUid();
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
      // The last order's delivery details and type, else the profile's address: what a returning
      // customer would otherwise type again. Nothing remembered, or a failed read, leaves the form as it
      // is: this actor never rejects, so the machine needs no error path for it.
      rememberShipping: fromPromise(async () => {
        const uid = session.getSnapshot().context.user?.uid;
        if (!uid) return {};
        const [profile, orders] = await Promise.all([
          fetchProfile(uid).catch(() => undefined),
          fetchMyOrders(uid, { limit: 1 }, null).catch(() => undefined),
        ]);
        const last = orders?.rows[0];
        const remembered: Remembered = {};
        if (profile?.address) remembered.address = profile.address;
        if (last?.order_type === 'pickup') Object.assign(remembered, pick(last, ['phone']));
        else if (last) Object.assign(remembered, pick(last, ['phone', 'address', 'postcode', 'city']));
        if (last?.order_type) remembered.orderType = last.order_type;
        return remembered;
      }),
      // Where the shop delivers: none read leaves the postcode to the server's check at the order.
      readAreas: fromPromise(async () => (await fetchDeliveryAreas()).map(areaOf)),
      // What the owner offers this customer; unread, checkout pays online (the server decides anyway).
      readPayment: fromPromise(() => fetchPaymentOptions(signedInUid())),
      readSlots: fromPromise(async ({ input }) => {
        try {
          return await fetchOrderSlots(signedInUid(), input);
        } catch (error) {
          throw new Error(describeFailure(error).message);
        }
      }),
    },
    actions: {
      redirectTo: (_, { url }) => window.location.assign(url),
    },
  }),

  /** Checkout's "Save to my profile": the address typed there becomes the profile's address. */
  saveAddress: createSubmitMachine('saveAddress').provide({
    actors: {
      // The submit machine counts what it created; here that is the profile the address went to.
      submit: fromPromise(async ({ input }) => {
        const uid = signedInUid();
        await saveProfileAddress(uid, String(input.address ?? '')).catch(rejectReadably);
        return uid;
      }),
    },
    actions: {
      announceDone: () => notify.success('Address saved to your profile'),
      announceFailure: (_, { message }) => notify.error(message),
    },
  }),
}));

/** Checkout's machines, acting as the registry's signed-in customer on the registry's cart. */
export const useCheckoutLogic = () => useLogic(checkoutLogic);
