import { assign, setup } from 'xstate';

/** The item page's stepper: starts at 1, never below 1, never above the stock. */
export const quantityMachine = setup({
  types: {
    context: {} as { quantity: number; stock: number },
    input: {} as { stock: number },
    events: {} as { type: 'quantity.increment' } | { type: 'quantity.decrement' },
  },
  actions: {
    increment: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrement: assign({ quantity: ({ context }) => context.quantity - 1 }),
  },
  guards: {
    isSoldOut: ({ context }) => context.stock < 1,
    isAtStock: ({ context }) => context.quantity >= context.stock,
    isAtMinimum: ({ context }) => context.quantity <= 1,
    isAboveMinimum: ({ context }) => context.quantity > 1,
  },
}).createMachine({
  id: 'quantity',
  context: ({ input }) => ({ quantity: 1, stock: Math.max(0, Math.floor(input.stock)) }),
  initial: 'settling',
  states: {
    // Transient: decides where the current quantity sits between 1 and the stock.
    settling: {
      always: [
        { guard: 'isSoldOut', target: 'soldOut' },
        { guard: 'isAtStock', target: 'atStock' },
        { guard: 'isAtMinimum', target: 'atMinimum' },
        { target: 'between' },
      ],
    },
    soldOut: {},
    atMinimum: { on: { 'quantity.increment': { actions: 'increment', target: 'settling' } } },
    between: {
      on: {
        'quantity.increment': { actions: 'increment', target: 'settling' },
        'quantity.decrement': { actions: 'decrement', target: 'settling' },
      },
    },
    atStock: {
      on: { 'quantity.decrement': { guard: 'isAboveMinimum', actions: 'decrement', target: 'settling' } },
    },
  },
});
