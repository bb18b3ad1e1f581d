import { quantityMachine } from '../../../../machines/quantity.machine.ts';
import { defineModel } from '../model.ts';

export const events = [{ type: 'quantity.increment' }, { type: 'quantity.decrement' }] as const;

/** Walked for stocks 0, 1, 2 and 5: sold out, one unit, the smallest range, and room in between. */
export const quantityModel = defineModel(
  quantityMachine,
  [0, 1, 2, 5].map((stock) => ({ input: { stock }, events })),
);
