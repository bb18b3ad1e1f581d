import type { Context } from 'hono';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import type { UserEnv } from '../middleware/auth.ts';
import type { EndpointLimiter } from '../middleware/rate-limit.ts';
import { applyCartPromo, cartPromoOf, clearCartPromo } from '../services/cart-promo.ts';
import { createPromotion, listPromotions, updatePromotion } from '../services/promotions.ts';
import { sendPage, withCursor } from './paged.ts';
import type { RegisterRoute } from './table.ts';

/** Promo codes: the customer's on their cart, and the owner's (Admin → Promotions). */
export function promotionRoutes(
  on: RegisterRoute,
  db: Database,
  limits: { applyCartPromo: EndpointLimiter },
) {
  const { byAddress, byAccount } = limits.applyCartPromo;
  on(ROUTES.cartPromo, (c) => cartPromoOf(db, c.var.user.uid));
  // Every try counts, a wrong code as much as a right one: codes are not to be guessed (429 beyond).
  on(ROUTES.applyCartPromo, (c, { body }) => applyCartPromo(db, c.var.user.uid, body.code), {
    before: [byAddress],
    guard: [byAccount((c: Context<UserEnv>) => c.var.user.uid)],
  });
  on(ROUTES.removeCartPromo, (c) => clearCartPromo(db, c.var.user.uid));
  on(ROUTES.promotions, async (c, { query }) => sendPage(c, await listPromotions(db, withCursor(query))));
  on(ROUTES.addPromotion, (_, { body }) => createPromotion(db, body));
  on(ROUTES.updatePromotion, (_, { params, body }) => updatePromotion(db, params.id, body));
}
