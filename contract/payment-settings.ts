// How customers may pay (docs/decisions/039-cash-and-the-counter.md): online at the gateway (the
// spec's way) and cash at the door or the counter, each turned on or off by the owner, cash perhaps
// only under an amount or for customers who have had an order delivered or collected. The server
// decides on every checkout (a 400 in these words); checkout reads the same to offer the choice.
import * as v from 'valibot';
import { formatCartPrice, toCents } from './money.ts';
import type { OrderType, PaymentMethod } from './order-lifecycle.ts';

/** How long a cash order may wait for the kitchen to accept it, by default and at the most. */
export const DEFAULT_CASH_ACCEPT_MINUTES = 15;
export const CASH_ACCEPT_MINUTES_MIN = 5;
export const CASH_ACCEPT_MINUTES_MAX = 240;

/** Admin → Delivery: the owner's rules, money in taka (null: no limit). */
export const PaymentSettingsSchema = v.pipe(
  v.object({
    online: v.boolean('online must be true or false'),
    cash: v.boolean('cash must be true or false'),
    cashMax: v.nullable(
      v.pipe(
        v.number('The cash limit must be a number'),
        v.minValue(1, 'The cash limit must be at least 1'),
        v.maxValue(100_000, 'The cash limit must be at most 100000'),
        v.check(
          (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
          'The cash limit can have at most 2 decimals',
        ),
      ),
    ),
    cashRegularsOnly: v.boolean('cashRegularsOnly must be true or false'),
    /**
     * Not in the first version of this form: a cash order the kitchen has not accepted within this
     * many minutes is released, its stock back and its customer told. A client that sends none keeps
     * the default.
     */
    cashAcceptMinutes: v.optional(
      v.pipe(
        v.number('The time to accept a cash order must be a number of minutes'),
        v.integer('The time to accept a cash order must be whole minutes'),
        v.minValue(
          CASH_ACCEPT_MINUTES_MIN,
          `The time to accept a cash order must be at least ${CASH_ACCEPT_MINUTES_MIN} minutes`,
        ),
        v.maxValue(
          CASH_ACCEPT_MINUTES_MAX,
          `The time to accept a cash order must be at most ${CASH_ACCEPT_MINUTES_MAX} minutes`,
        ),
      ),
      DEFAULT_CASH_ACCEPT_MINUTES,
    ),
  }),
  v.check(({ online, cash }) => online || cash, 'Customers need a way to pay: keep online or cash on'),
);
export type PaymentSettings = v.InferOutput<typeof PaymentSettingsSchema>;
/** What a client sends: the fields added later may be left out. */
export type PaymentSettingsInput = v.InferInput<typeof PaymentSettingsSchema>;

/** A fresh shop: online only, as the spec has it. */
export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  online: true,
  cash: false,
  cashMax: null,
  cashRegularsOnly: false,
  cashAcceptMinutes: DEFAULT_CASH_ACCEPT_MINUTES,
};

/** GET /payment-options: what the signed-in customer may choose at checkout now. */
export const PaymentOptionsSchema = v.object({
  online: v.boolean(),
  /** The owner offers cash at all (the choice is shown); `cashRefusal` says why not for this customer. */
  cash: v.boolean(),
  /** Cash only for totals under this (taka); null: any. */
  cashMax: v.nullable(v.number()),
  cashRefusal: v.nullable(v.string()),
});
export type PaymentOptions = v.InferOutput<typeof PaymentOptionsSchema>;

export const ONLINE_OFF = 'Online payment is not offered at the moment: please choose cash';
export const CASH_OFF = 'Cash payment is not offered at the moment: please pay online';
export const CASH_FOR_REGULARS =
  'Cash is for customers who have had an order from us before: please pay online this time';
export const cashOverLimit = (maxCents: number): string =>
  `Cash is taken for orders under ${formatCartPrice(maxCents)}: please pay online`;

/**
 * Why `method` may not pay an order of `totalCents` (null: it may), given the owner's rules and whether
 * the customer has had an order delivered or collected.
 */
export function paymentRefusal(
  settings: PaymentSettings,
  method: PaymentMethod,
  totalCents: number,
  regular: boolean,
): string | null {
  if (method === 'online') return settings.online ? null : ONLINE_OFF;
  if (!settings.cash) return CASH_OFF;
  if (settings.cashMax !== null && totalCents >= toCents(settings.cashMax))
    return cashOverLimit(toCents(settings.cashMax));
  if (settings.cashRegularsOnly && !regular) return CASH_FOR_REGULARS;
  return null;
}

/** What the customer reads beside the choice: at the door for a delivery, at the counter for a pickup. */
export const CASH_CHOICE: Record<OrderType, string> = {
  delivery: 'Cash on delivery',
  pickup: 'Pay at the counter',
};
export const ONLINE_CHOICE = 'Pay online';
