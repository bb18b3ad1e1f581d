import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import { takePhoneOrder } from '../services/phone-orders.ts';
import { SlotFull } from '../services/slots.ts';
import { checkoutDepsOf, type OrderRouteDeps } from './orders.ts';
import type { RegisterRoute } from './table.ts';

/**
 * Orders staff take by phone on the kitchen board (docs/decisions/039-cash-and-the-counter.md): staff
 * only (requireAdmin: a customer is 403), counted against the account's checkout quota as any order.
 */
export function phoneOrderRoutes(on: RegisterRoute, deps: OrderRouteDeps) {
  const { byAccount } = deps.limits.createPaymentIntent;
  on(
    ROUTES.takePhoneOrder,
    (c, { body }) =>
      takePhoneOrder(checkoutDepsOf(c, deps), c.var.user.uid, body).catch((error: unknown) => {
        // A slot that filled up meanwhile: the next free one beside the message, as checkout answers.
        if (error instanceof SlotFull) return c.json({ message: error.message, slot: error.slot }, 409);
        throw error;
      }),
    { guard: [byAccount((c: Context) => c.var.user.uid)] },
  );
}
