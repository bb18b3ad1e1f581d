import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { addToCart, listCart, removeCartLine, setLineQuantity } from '../services/cart.ts';
import { withLapsedReleased } from '../services/expiry.ts';
import type { Holds } from '../services/holds.ts';
import type { RegisterRoute } from './table.ts';

/** The signed-in customer's own cart: identity from the API token, never from the body. */
export function cartRoutes(on: RegisterRoute, db: Database, holds: Holds) {
  on(ROUTES.cart, (c) => listCart(db, c.var.user.uid));
  on(ROUTES.addToCart, async (c, { body }) => {
    // The spec's body also carries uid, name, price, image and category: read from the menu instead.
    // A line of its own is created (201); the same choices' line raised is added to as well (200).
    // Units held unpaid past their time are the customer's to add (services/expiry.ts).
    const { name, line } = await withLapsedReleased(db, holds.holdMinutes, () =>
      addToCart(db, c.var.user.uid, body, holds),
    );
    return line
      ? c.json(
          {
            insertedId: line.id,
            message: `"${name}" item has been added to your cart`,
            quantity: line.quantity,
          },
          line.inserted ? 201 : 200,
        )
      : c.json({ insertedId: null, message: `"${name}" item has been already added` }, 200);
  });
  // Not in the spec's API: My cart's stepper. Answers the line as GET /add-to-cart lists it.
  on(ROUTES.setCartLine, (c, { params, body }) =>
    withLapsedReleased(db, holds.holdMinutes, () =>
      setLineQuantity(db, c.var.user.uid, params.id, body.quantity, holds),
    ),
  );
  on(ROUTES.removeCartLine, async (c, { params }) => {
    await removeCartLine(db, c.var.user.uid, params.id);
    return { deletedCount: 1 };
  });
}
