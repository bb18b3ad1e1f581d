import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { CreatePaymentSchema } from '../../../contract/order.ts';
import { PageQuerySchema } from '../../../contract/paging.ts';
import type { Database } from '../../db/client.ts';
import { requireUser, type UserEnv } from '../middleware/auth.ts';
import type { EndpointLimiter } from '../middleware/rate-limit.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { checkout } from '../services/checkout.ts';
import type { Holds } from '../services/holds.ts';
import { asCustomerSees, listOrderEvents } from '../services/order-history.ts';
import { listOrders } from '../services/order-lists.ts';
import { deleteOrder, requireOwnOrder } from '../services/own-orders.ts';
import { paymentStatusOf } from '../services/payment-page.ts';
import type { ApiTokens } from '../tokens.ts';
import { pageQuery, sendPage } from './paged.ts';

export interface OrderRouteDeps {
  db: Database;
  tokens: ApiTokens;
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
}

/** The signed-in customer's checkout and own orders. */
export function orderRoutes(deps: OrderRouteDeps) {
  const { db, tokens, gateway, logger, paymentTimeoutMs, limits, siteOrigins, holds } = deps;
  const signedIn = requireUser(db, tokens);
  const { byAddress, byAccount } = limits.createPaymentIntent;
  return (
    new Hono()
      .post(
        '/create-payment-intent',
        byAddress,
        signedIn,
        byAccount((c: Context<UserEnv>) => c.var.user.uid),
        async (c) => {
          const input = parseOr400(CreatePaymentSchema, await jsonBody(c.req.raw));
          const origin = c.req.header('Origin');
          const returnSite = origin !== undefined && siteOrigins.includes(origin) ? origin : undefined;
          return c.json(
            await checkout(
              { db, gateway, logger, gatewayTimeoutMs: paymentTimeoutMs, returnSite, holds },
              { uid: c.var.user.uid, address: deps.addressOf(c) },
              input,
            ),
          );
        },
      )
      .get('/my-orders', signedIn, async (c) =>
        sendPage(c, await listOrders(db, c.var.user.uid, pageQuery(c, PageQuerySchema))),
      )
      // The order's timeline (LIFECYCLE_PATHS.customerEvents): its owner's only; someone else's is 404.
      .get('/my-orders/:id/events', signedIn, async (c) => {
        const { uid } = c.var.user;
        const order = await requireOwnOrder(db, uid, c.req.param('id'));
        return c.json((await listOrderEvents(db, order.id)).map((event) => asCustomerSees(event, uid)));
      })
      .delete('/order-delete/:id', signedIn, async (c) => {
        await deleteOrder(db, c.var.user.uid, c.req.param('id'));
        return c.json({ deletedCount: 1 });
      })
      .get('/payment-status/:tranId', signedIn, async (c) =>
        c.json(await paymentStatusOf(db, c.var.user.uid, c.req.param('tranId'))),
      )
  );
}
