import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import type { UserEnv } from '../middleware/auth.ts';
import { orderAgain } from '../services/order-again.ts';
import { payNow } from '../services/pay-now.ts';
import type { OrderRouteDeps } from './orders.ts';
import type { RegisterRoute } from './table.ts';

/** Coming back to a past order: Order again, and Pay now on an unpaid one. */
export function reorderRoutes(on: RegisterRoute, deps: OrderRouteDeps) {
  const { db, gateway, logger, paymentTimeoutMs, siteOrigins, holds, limits } = deps;
  const { byAddress, byAccount } = limits.createPaymentIntent;
  on(ROUTES.orderAgain, (c, { params }) => orderAgain(db, c.var.user.uid, params.id, holds));
  // A fresh checkout places an order, so Pay now counts against checkout's limits.
  on(
    ROUTES.payNow,
    (c, { params, body }) => {
      const origin = c.req.header('Origin');
      const returnSite = origin !== undefined && siteOrigins.includes(origin) ? origin : undefined;
      return payNow(
        { db, gateway, logger, gatewayTimeoutMs: paymentTimeoutMs, returnSite, holds },
        { uid: c.var.user.uid, address: deps.addressOf(c) },
        params.id,
        body.order_time,
      );
    },
    { before: [byAddress], after: [byAccount((c: Context<UserEnv>) => c.var.user.uid)] },
  );
}
