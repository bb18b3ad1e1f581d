import { assign, setup } from 'xstate';

/**
 * The item page's stepper: starts at 1 (or at the quantity given, brought within bounds), never below
 * 1, never above the stock, nor above the limit (the most units of an item one cart line may hold). At
 * the stock it says so; at a limit below the stock it says that instead. When the stock is read again
 * (the page was rendered before a sale), the count the customer has stepped to is kept, brought within
 * the new stock: the taps already made are not undone.
 */
export const quantityMachine = setup({
  types: {
    context: {} as { quantity: number; stock: number; limit: number },
    /** `quantity`: where to start, as a guest's choice kept through signing in. */
    input: {} as { stock: number; limit: number; quantity?: number },
    events: {} as
      | { type: 'quantity.increment' }
      | { type: 'quantity.decrement' }
      | { type: 'quantity.stock'; stock: number },
  },
  actions: {
    restock: assign(({ context, event }) => {
      if (event.type !== 'quantity.stock') return {};
      const stock = Math.max(0, Math.floor(event.stock) || 0);
      return { stock, quantity: Math.max(1, Math.min(context.quantity, stock)) };
    }),
    increment: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrement: assign({ quantity: ({ context }) => context.quantity - 1 }),
  },
  guards: {
    isSoldOut: ({ context }) => context.stock < 1,
    isAtStock: ({ context }) => context.quantity >= context.stock,
    isAtLimit: ({ context }) => context.quantity >= context.limit,
    isAtMinimum: ({ context }) => context.quantity <= 1,
    isAboveMinimum: ({ context }) => context.quantity > 1,
  },
}).createMachine({
  id: 'quantity',
  context: ({ input }) => {
    const stock = Math.max(0, Math.floor(input.stock));
    // A line holds at least one unit, whatever limit is given.
    const limit = Math.max(1, Math.floor(input.limit));
    const asked = Math.floor(input.quantity ?? 1) || 1;
    return { quantity: Math.max(1, Math.min(asked, stock, limit)), stock, limit };
  },
  initial: 'settling',
  on: { 'quantity.stock': { actions: 'restock', target: '.settling' } },
  states: {
    // Transient: decides where the current quantity sits between 1, the stock and the limit. The stock
    // comes first: when both are reached, the spec's sentence about the stock is the one shown.
    settling: {
      always: [
        { guard: 'isSoldOut', target: 'soldOut' },
        { guard: 'isAtStock', target: 'atStock' },
        { guard: 'isAtLimit', target: 'atLimit' },
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
    atLimit: {
      on: { 'quantity.decrement': { guard: 'isAboveMinimum', actions: 'decrement', target: 'settling' } },
    },
  },
});
