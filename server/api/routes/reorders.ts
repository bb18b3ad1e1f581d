import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import type { UserEnv } from '../middleware/auth.ts';
import { orderAgain } from '../services/order-again.ts';
import { payNow } from '../services/pay-now.ts';
import { checkoutDepsOf, type OrderRouteDeps } from './orders.ts';
import type { RegisterRoute } from './table.ts';

/** Coming back to a past order: Order again, and Pay now on an unpaid one. */
export function reorderRoutes(on: RegisterRoute, deps: OrderRouteDeps) {
  const { byAddress, byAccount } = deps.limits.createPaymentIntent;
  on(ROUTES.orderAgain, (c, { params }) => orderAgain(deps.db, c.var.user.uid, params.id, deps.holds));
  // A fresh checkout places an order, so Pay now counts against checkout's quotas.
  on(
    ROUTES.payNow,
    (c, { params, body }) =>
      payNow(
        checkoutDepsOf(c, deps),
        { uid: c.var.user.uid, address: deps.addressOf(c) },
        params.id,
        body.order_time,
      ),
    { before: [byAddress], guard: [byAccount((c: Context<UserEnv>) => c.var.user.uid)] },
  );
}
