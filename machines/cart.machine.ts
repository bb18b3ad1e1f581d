import { assign, setup } from 'xstate';
import { type Added, type CartLine, type CartTotals, cartTotals } from '../server/contract/cart.ts';
import { providedLater } from './provided.ts';

export interface CartAddition {
  itemId: string;
  quantity: number;
  /** For the toasts: '"{name}" item has been added to your cart'. */
  name: string;
}

const EMPTY = { lines: [] as CartLine[], totals: cartTotals([]) };
const ADD = { target: 'adding', actions: 'recordAddition' } as const;

const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong';

/**
 * The signed-in customer's cart: its lines and the totals derived from them with the shared rule.
 * Loaded only once sign-in has settled ('cart.load'), emptied on sign-out ('cart.clear'); every add
 * and remove is followed by a fresh read, so the navbar and My cart show what the server holds.
 */
export const cartMachine = setup({
  types: {
    context: {} as {
      lines: CartLine[];
      totals: CartTotals;
      error: string | null;
      /** The addition in flight. */
      adding: CartAddition | null;
    },
    events: {} as
      | { type: 'cart.load' }
      | { type: 'cart.clear' }
      | { type: 'cart.refresh' }
      | ({ type: 'cart.add' } & CartAddition)
      | { type: 'cart.remove'; id: string },
  },
  actors: {
    fetchCart: providedLater<CartLine[]>('fetchCart'),
    addLine: providedLater<Added, CartAddition>('addLine'),
    removeLine: providedLater<{ deletedCount: number }, { id: string }>('removeLine'),
  },
  actions: {
    recordAddition: assign({
      adding: ({ event }) => {
        const { itemId, quantity, name } = event as CartAddition & { type: 'cart.add' };
        return { itemId, quantity, name };
      },
    }),
    announceAdded: (_, _params: { name: string }) => {},
    announceDuplicate: (_, _params: { name: string }) => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isInserted: (_, params: { added: Added }) => params.added.insertedId !== null,
  },
}).createMachine({
  id: 'cart',
  context: { ...EMPTY, error: null, adding: null },
  initial: 'signedOut',
  on: {
    'cart.clear': { target: '.signedOut', actions: assign({ ...EMPTY, error: null, adding: null }) },
  },
  states: {
    signedOut: {
      on: { 'cart.load': 'loading' },
    },
    loading: {
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'ready',
          actions: assign({
            lines: ({ event }) => event.output,
            totals: ({ event }) => cartTotals(event.output),
            error: null,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'cart.add': ADD },
    },
    failed: {
      on: { 'cart.refresh': 'loading', 'cart.load': 'loading', 'cart.add': ADD },
    },
    ready: {
      on: {
        'cart.add': ADD,
        'cart.remove': 'removing',
        'cart.refresh': 'loading',
        'cart.load': 'loading',
      },
    },
    adding: {
      invoke: {
        id: 'addLine',
        src: 'addLine',
        // Entered only through ADD, which records the addition.
        input: ({ context }) => context.adding!,
        onDone: [
          {
            guard: { type: 'isInserted', params: ({ event }) => ({ added: event.output }) },
            target: 'loading',
            actions: { type: 'announceAdded', params: ({ context }) => ({ name: context.adding!.name }) },
          },
          {
            target: 'loading',
            actions: { type: 'announceDuplicate', params: ({ context }) => ({ name: context.adding!.name }) },
          },
        ],
        onError: {
          target: 'loading',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
    removing: {
      invoke: {
        id: 'removeLine',
        src: 'removeLine',
        input: ({ event }) => ({ id: (event as { id: string }).id }),
        onDone: 'loading',
        onError: {
          target: 'loading',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
      },
    },
  },
});
