import * as v from 'valibot';

/** GET /shop-status answer and PUT /shop-status body: whether the owner has closed the shop for orders. */
export const ShopStatusSchema = v.object({
  closed: v.boolean('closed must be true or false'),
});
export type ShopStatus = v.InferOutput<typeof ShopStatusSchema>;

/** What Home, the Menu and checkout say while the shop is closed, and checkout's 409. */
export const SHOP_CLOSED_MESSAGE =
  'We are closed for orders right now. You can still browse the menu; please come back soon!';
