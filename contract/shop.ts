import * as v from 'valibot';
import { type OfferedSlot, OfferedSlotSchema, whenText } from './kitchen.ts';
import { ShopHoursSchema } from './shop-hours.ts';

/** GET /shop-status answer and PUT /shop-status body: whether the owner has closed the shop for orders. */
export const ShopStatusSchema = v.object({
  closed: v.boolean('closed must be true or false'),
});
export type ShopStatus = v.InferOutput<typeof ShopStatusSchema>;

/** What Home, the Menu and checkout say while the shop is closed, and checkout's 409. */
export const SHOP_CLOSED_MESSAGE =
  'We are closed for orders right now. You can still browse the menu; please come back soon!';

/**
 * GET /shop-status answer: the owner's switch (`closed`, the spec-era field) and, for ordering, whether
 * orders are taken for as soon as possible now (within the hours, the switch off), when the shop opens
 * next when they are not, and the owner's week the footer and Reservation show.
 */
export const ShopNowSchema = v.object({
  ...ShopStatusSchema.entries,
  openNow: v.boolean(),
  opensAt: v.nullable(OfferedSlotSchema),
  hours: ShopHoursSchema,
});
export type ShopNow = v.InferOutput<typeof ShopNowSchema>;

/** When a shop closed now opens: 'We're closed right now — we open tomorrow at 6:00am.' */
export const opensText = (opens: OfferedSlot, today: string): string =>
  `We're closed right now — we open ${whenText(opens, today)}.`;

/** What the Menu says at the top while the shop is closed now: when it opens, and that later works. */
export function closedNowMessage(opens: OfferedSlot | null, today: string): string {
  if (!opens) return 'We are closed for orders right now. You can still browse the menu.';
  return `${opensText(opens, today)} Add what you like: you can order for later.`;
}
