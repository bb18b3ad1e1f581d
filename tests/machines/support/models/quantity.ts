import { quantityMachine } from '../../../../machines/quantity.machine.ts';
import { defineModel } from '../model.ts';

export const events = [{ type: 'quantity.increment' }, { type: 'quantity.decrement' }] as const;
/** The stock read again: sold out since, down to two, back up to five. */
const restocks = [0, 2, 5].map((stock) => ({ type: 'quantity.stock', stock }) as const);

/**
 * Walked for stocks 0, 1, 2 and 5 under a limit above them (sold out, one unit, the smallest range, room
 * in between), for a stock of 5 under limits of 3 (the limit reached first) and 1 (reached at once), and
 * from a quantity given (a guest's choice kept through signing in): within bounds, and above the stock;
 * and with the stock read again as the customer steps.
 */
export const quantityModel = defineModel(quantityMachine, [
  ...[0, 1, 2, 5].map((stock) => ({ input: { stock, limit: 10 }, events })),
  { input: { stock: 5, limit: 3 }, events },
  { input: { stock: 5, limit: 1 }, events },
  { input: { stock: 5, limit: 10, quantity: 3 }, events },
  { input: { stock: 2, limit: 10, quantity: 4 }, events },
  { input: { stock: 5, limit: 10 }, events: [...events, ...restocks] },
]);
