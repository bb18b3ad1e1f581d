import { Hono } from 'hono';
import { AddToCartSchema, CartQuantitySchema } from '../../../contract/cart.ts';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../middleware/auth.ts';
import { jsonBody, parseOr400 } from '../middleware/validate.ts';
import { addToCart, listCart, removeCartLine, setLineQuantity } from '../services/cart.ts';
import type { Holds } from '../services/holds.ts';
import type { ApiTokens } from '../tokens.ts';

/** The signed-in customer's own cart: identity from the API token, never from the body. */
export function cartRoutes(db: Database, tokens: ApiTokens, holds: Holds) {
  const signedIn = requireUser(db, tokens);
  return (
    new Hono()
      .get('/add-to-cart', signedIn, async (c) => c.json(await listCart(db, c.var.user.uid)))
      .post('/add-to-cart', signedIn, async (c) => {
        // The spec's body also carries uid, name, price, image and category: read from the menu instead.
        const input = parseOr400(AddToCartSchema, await jsonBody(c.req.raw));
        const { insertedId, name } = await addToCart(db, c.var.user.uid, input, holds);
        return insertedId
          ? c.json({ insertedId, message: `"${name}" item has been added to your cart` }, 201)
          : c.json({ insertedId: null, message: `"${name}" item has been already added` }, 200);
      })
      // Not in the spec's API: My cart's stepper. Answers the line as GET /add-to-cart lists it.
      .patch('/cart-line/:id', signedIn, async (c) => {
        const { quantity } = parseOr400(CartQuantitySchema, await jsonBody(c.req.raw));
        return c.json(await setLineQuantity(db, c.var.user.uid, c.req.param('id'), quantity, holds));
      })
      .delete('/remove-cart-item/:id', signedIn, async (c) => {
        await removeCartLine(db, c.var.user.uid, c.req.param('id'));
        return c.json({ deletedCount: 1 });
      })
  );
}
