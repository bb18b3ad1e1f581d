import type { Context } from 'hono';
import type { Logger } from 'pino';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { UserEnv } from '../middleware/auth.ts';
import type { EndpointLimiter } from '../middleware/rate-limit.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { type CheckoutDeps, checkout } from '../services/checkout.ts';
import type { Holds } from '../services/holds.ts';
import { asCustomerSees, listOrderEvents } from '../services/order-history.ts';
import { listOrders } from '../services/order-lists.ts';
import { deleteOrder, requireOwnOrder } from '../services/own-orders.ts';
import { paymentStatusOf } from '../services/payment-page.ts';
import type { ShopClock } from '../services/shop-clock.ts';
import { SlotFull } from '../services/slots.ts';
import { sendPage, withCursor } from './paged.ts';
import type { RegisterRoute } from './table.ts';

export interface OrderRouteDeps {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  paymentTimeoutMs?: number | undefined;
  limits: { createPaymentIntent: EndpointLimiter };
  /** The caller's address (clientAddress): what its unpaid orders hold is bounded. */
  addressOf: (c: Context) => string;
  /** The caps on what one customer may hold through checkout, and for how long. */
  holds: Holds;
  /** The storefront's origins: a checkout from one of them pays and comes back there. */
  siteOrigins: readonly string[];
  /** The shop's clock: its hours and slots are its wall clock's. */
  clock: ShopClock;
}

/**
 * What a checkout made by this call needs: the storefront it came from (one of the site's origins) is
 * where the gateway sends the customer back.
 */
export function checkoutDepsOf(c: Context, deps: OrderRouteDeps): CheckoutDeps {
  const { db, gateway, logger, paymentTimeoutMs, siteOrigins, holds, clock } = deps;
  const origin = c.req.header('Origin');
  const returnSite = origin !== undefined && siteOrigins.includes(origin) ? origin : undefined;
  return { db, gateway, logger, gatewayTimeoutMs: paymentTimeoutMs, returnSite, holds, clock };
}

/** The signed-in customer's checkout and own orders. */
export function orderRoutes(on: RegisterRoute, deps: OrderRouteDeps) {
  const { db, limits } = deps;
  const { byAddress, byAccount } = limits.createPaymentIntent;
  on(
    ROUTES.checkout,
    (c, { body }) =>
      checkout(checkoutDepsOf(c, deps), { uid: c.var.user.uid, address: deps.addressOf(c) }, body).catch(
        (error: unknown) => {
          // A slot that filled up meanwhile: the next free one beside the message ({ message, slot }).
          if (error instanceof SlotFull) return c.json({ message: error.message, slot: error.slot }, 409);
          throw error;
        },
      ),
    { before: [byAddress], guard: [byAccount((c: Context<UserEnv>) => c.var.user.uid)] },
  );
  on(ROUTES.myOrders, async (c, { query }) =>
    sendPage(c, await listOrders(db, c.var.user.uid, withCursor(query))),
  );
  // The order's timeline: its owner's only; someone else's is 404.
  on(ROUTES.myOrderEvents, async (c, { params }) => {
    const { uid } = c.var.user;
    const order = await requireOwnOrder(db, uid, params.id);
    return (await listOrderEvents(db, order.id)).map((event) => asCustomerSees(event, uid));
  });
  on(ROUTES.deleteOrder, async (c, { params }) => {
    await deleteOrder(db, c.var.user.uid, params.id);
    return { deletedCount: 1 };
  });
  on(ROUTES.paymentStatus, (c, { params }) => paymentStatusOf(db, c.var.user.uid, params.tranId));
}
