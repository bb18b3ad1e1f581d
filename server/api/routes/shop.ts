import { Hono } from 'hono';
import { ShopStatusSchema } from '../../../contract/shop.ts';
import type { Database } from '../../db/client.ts';
import { requireAdmin, requireUser } from '../middleware/auth.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import { readShopStatus, setShopClosed } from '../services/shop.ts';
import type { ApiTokens } from '../tokens.ts';

/**
 * Whether the shop takes orders: anyone may ask (Home, the Menu and checkout say so), only an admin
 * may switch it (the Admin Dashboard). Never cached: the switch shows on the next request.
 */
export function shopRoutes(db: Database, tokens: ApiTokens) {
  const signedIn = requireUser(db, tokens);
  return new Hono()
    .get('/shop-status', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await readShopStatus(db));
    })
    .put('/shop-status', signedIn, requireAdmin, async (c) => {
      const { closed } = parseOr400(ShopStatusSchema, await jsonBody(c.req.raw));
      return c.json(await setShopClosed(db, closed));
    });
}
