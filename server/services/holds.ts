import { CART_LINE_MAX_UNITS, lineCapMessage, ORDER_MAX_UNITS, orderCapMessage } from '../contract/cart.ts';
import { InvalidInput } from '../domain-errors.ts';

/**
 * How much stock one customer can hold, and for how long. A checkout reserves stock for an unpaid order,
 * so these bound what one account can keep from everyone else: at most `orderMaxUnits` units (one open
 * unpaid order per customer), at most `cartLineMaxUnits` of any one item, for `holdMinutes` at a time.
 */
export interface Holds {
  /** Units of one item in one cart line, so in one order (env CART_LINE_MAX_UNITS). */
  cartLineMaxUnits: number;
  /** Units of every item together in one order, and in the cart it is made from (env ORDER_MAX_UNITS). */
  orderMaxUnits: number;
  /** How long an unpaid order keeps its stock before the expiry sweep gives it back (env HOLD_MINUTES). */
  holdMinutes: number;
}

/** The app's `holds` option: any field left out (or undefined) takes its default. */
export type HoldOptions = { [K in keyof Holds]?: Holds[K] | undefined };

/** Long enough to pay on a gateway's page, short enough that an abandoned checkout is soon undone. */
export const DEFAULT_HOLD_MINUTES = 10;

export const DEFAULT_HOLDS: Readonly<Holds> = {
  cartLineMaxUnits: CART_LINE_MAX_UNITS,
  orderMaxUnits: ORDER_MAX_UNITS,
  holdMinutes: DEFAULT_HOLD_MINUTES,
};

/**
 * The defaults with the given fields over them. A value that is not a whole number of at least 1 is a
 * configuration mistake (an environment variable mistyped): refused at start-up, not at the first sale.
 */
export function resolveHolds(options: HoldOptions = {}): Holds {
  const holds: Holds = { ...DEFAULT_HOLDS };
  for (const key of Object.keys(holds) as Array<keyof Holds>) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new Error(`holds.${key} must be a whole number of at least 1, not ${value}`);
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
