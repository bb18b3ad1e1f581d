import {
  CART_LINE_MAX_UNITS,
  lineCapMessage,
  ORDER_MAX_UNITS,
  orderCapMessage,
} from '../../../contract/cart.ts';
import { InvalidInput } from '../domain-errors.ts';

/**
 * How much stock one customer can hold, and for how long. A checkout reserves stock for an unpaid order,
 * so these bound what one account can keep from everyone else: at most `orderMaxUnits` units (one open
 * unpaid order per customer), at most `cartLineMaxUnits` of any one item, for `holdMinutes` at a time.
 * Accounts are cheap, so the unpaid orders placed from one address together hold at most a share of
 * each item's unsold units, and a smaller one when the checkout is by a new or unverified account
 * (services/hold-budget.ts, docs/decisions/025-hold-budgets-and-mail.md).
 */
export interface Holds {
  /** Units of one item in one cart line, so in one order (env CART_LINE_MAX_UNITS). */
  cartLineMaxUnits: number;
  /** Units of every item together in one order, and in the cart it is made from (env ORDER_MAX_UNITS). */
  orderMaxUnits: number;
  /** How long an unpaid order keeps its stock before the expiry sweep gives it back (env HOLD_MINUTES). */
  holdMinutes: number;
  /**
   * The share, in percent, of an item's unsold units (on the menu, or held by unpaid orders) that the
   * unpaid orders placed from one address may hold together (env ADDRESS_HOLD_PERCENT); 100 bounds
   * nothing.
   */
  addressHoldPercent: number;
  /** That share when the checkout is by a new or unverified account (env NEW_ACCOUNT_HOLD_PERCENT). */
  newAccountHoldPercent: number;
  /** An account is new for this many hours after it registered (env NEW_ACCOUNT_HOURS). */
  newAccountHours: number;
}

/** The app's `holds` option: any field left out (or undefined) takes its default. */
export type HoldOptions = { [K in keyof Holds]?: Holds[K] | undefined };

/** Long enough to pay on a gateway's page, short enough that an abandoned checkout is soon undone. */
export const DEFAULT_HOLD_MINUTES = 10;

/**
 * Sized against the review's attack (36 fresh accounts from one address, 20 units each, held every unit
 * on the menu): fresh accounts from one address hold at most a tenth of any item, so everyone else can
 * still buy the rest; an address of established customers (an office, a household) a quarter. A day is
 * long enough that a script can not wait for its accounts to age between two dinner rushes.
 */
export const DEFAULT_HOLDS: Readonly<Holds> = {
  cartLineMaxUnits: CART_LINE_MAX_UNITS,
  orderMaxUnits: ORDER_MAX_UNITS,
  holdMinutes: DEFAULT_HOLD_MINUTES,
  addressHoldPercent: 25,
  newAccountHoldPercent: 10,
  newAccountHours: 24,
};

/** The largest value a field may take: a share can not pass the whole. */
const MAXIMA: Partial<Record<keyof Holds, number>> = { addressHoldPercent: 100, newAccountHoldPercent: 100 };

/**
 * The defaults with the given fields over them. A value that is not a whole number of at least 1 is a
 * configuration mistake (an environment variable mistyped): refused at start-up, not at the first sale.
 */
export function resolveHolds(options: HoldOptions = {}): Holds {
  const holds: Holds = { ...DEFAULT_HOLDS };
  for (const key of Object.keys(holds) as Array<keyof Holds>) {
    const value = options[key];
    if (value === undefined) continue;
    const max = MAXIMA[key] ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(value) || value < 1 || value > max) {
      throw new Error(`holds.${key} must be a whole number from 1 to ${max}, not ${value}`);
    }
    holds[key] = value;
  }
  return holds;
}

/** Refused (invalid input) when one line asks for more units of its item than a cart line may hold. */
export function assertLineWithinCap(holds: Holds, line: { name: string; quantity: number }): void {
  if (line.quantity > holds.cartLineMaxUnits) {
    throw new InvalidInput(lineCapMessage(holds.cartLineMaxUnits, line.name));
  }
}

/** Refused (invalid input) when these lines together hold more units than one order may. */
export function assertOrderWithinCap(holds: Holds, lines: ReadonlyArray<{ quantity: number }>): void {
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units > holds.orderMaxUnits) {
    throw new InvalidInput(orderCapMessage(holds.orderMaxUnits));
  }
}
