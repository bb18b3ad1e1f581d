import {
  CART_LINE_MAX_UNITS,
  lineCapMessage,
  ORDER_MAX_UNITS,
  ORDER_TOTAL_MAX_CENTS,
  ORDER_TOTAL_MAX_MESSAGE,
  ORDER_TOTAL_ZERO_MESSAGE,
  orderCapMessage,
} from '../../../contract/cart.ts';
import { InvalidInput } from '../domain-errors.ts';

/**
 * How much stock one customer can hold, and for how long. A checkout reserves stock for an unpaid order,
 * so these bound what one account can keep from everyone else: at most `orderMaxUnits` units (one open
 * unpaid order per customer), at most `cartLineMaxUnits` of any one item. How long the reservation
 * stands depends on how the account has behaved, never on the address it calls from
 * (services/hold-standing.ts, docs/decisions/042-holds-by-behaviour.md).
 */
export interface Holds {
  /** Units of one item in one cart line, so in one order (env CART_LINE_MAX_UNITS). */
  cartLineMaxUnits: number;
  /** Units of every item together in one order, and in the cart it is made from (env ORDER_MAX_UNITS). */
  orderMaxUnits: number;
  /**
   * How long an unpaid order of a customer who has paid before keeps its stock before the expiry sweep
   * gives it back (env HOLD_MINUTES).
   */
  holdMinutes: number;
  /**
   * How long a customer who has never paid holds stock: counted from their first checkout of the last
   * day, so checking out again does not renew it (env NEW_CUSTOMER_HOLD_SECONDS).
   */
  newCustomerHoldSeconds: number;
  /**
   * Lapse pressure: when unpaid orders that lapsed in the last `pressureMinutes` held at least this
   * share, in percent, of an item's unsold units, a customer who has never paid holds none of it: their
   * order is paid for first, and takes its units then (env LAPSE_PRESSURE_PERCENT).
   */
  lapsePressurePercent: number;
}

/** The app's `holds` option: any field left out (or undefined) takes its default. */
export type HoldOptions = { [K in keyof Holds]?: Holds[K] | undefined };

/** Long enough to pay on a gateway's page, short enough that an abandoned checkout is soon undone. */
export const DEFAULT_HOLD_MINUTES = 10;

/** How far back lapsed orders count towards an item's lapse pressure. */
export const PRESSURE_MINUTES = 15;

/**
 * Sized against the review's attack (36 fresh accounts, 10 units each, never paying) and a rush of
 * fresh customers who pay 5 to 90 s after checking out (docs/decisions/042-holds-by-behaviour.md): two
 * minutes covers paying, and an attack's first wave of lapses puts its item under pressure.
 */
export const DEFAULT_HOLDS: Readonly<Holds> = {
  cartLineMaxUnits: CART_LINE_MAX_UNITS,
  orderMaxUnits: ORDER_MAX_UNITS,
  holdMinutes: DEFAULT_HOLD_MINUTES,
  newCustomerHoldSeconds: 120,
  lapsePressurePercent: 20,
};

/** The largest value a field may take: a share can not pass the whole. */
const MAXIMA: Partial<Record<keyof Holds, number>> = { lapsePressurePercent: 100 };

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

/**
 * Refused (invalid input) when an order would come to nothing (no gateway is asked to take 0.00) or to
 * more than any order may (ORDER_TOTAL_MAX_CENTS).
 */
export function assertTotalPayable(totalCents: number): void {
  if (totalCents <= 0) throw new InvalidInput(ORDER_TOTAL_ZERO_MESSAGE);
  if (totalCents > ORDER_TOTAL_MAX_CENTS) throw new InvalidInput(ORDER_TOTAL_MAX_MESSAGE);
}
