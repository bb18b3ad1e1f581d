import { assign, setup } from 'xstate';
import { type Added, type CartLine, type CartTotals, cartTotals, splitSellable } from '../contract/cart.ts';
import { type CartPromo, NO_CART_PROMO } from '../contract/promotions.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

export interface CartAddition {
  itemId: string;
  quantity: number;
  /** For the toasts: '"{name}" item has been added to your cart'. */
  name: string;
  /** The options chosen (left out: the item's defaults, as the server takes them). */
  choices?: string[];
  instructions?: string;
  /** The addition's own id: the server adds it once however often it is sent. */
  addKey?: string;
}

/** A line's new quantity, as My cart's stepper asks for it. */
export interface QuantityChange {
  id: string;
  quantity: number;
}

/** What a read of the cart brings: its lines, and the code on it as the server prices it now. */
export interface CartRead {
  lines: CartLine[];
  promo: CartPromo;
}

/**
 * The spec's totals over the lines the stock can fill (a sold-out or over-stock line is shown apart and
 * charged for nothing), less what the server priced the code at.
 */
export const totalsOf = (lines: readonly CartLine[], promo: CartPromo): CartTotals =>
  cartTotals(splitSellable(lines).sellable, promo.discount);

const EMPTY = { lines: [] as CartLine[], promo: NO_CART_PROMO, totals: cartTotals([]) };
const IDLE = {
  error: null,
  adding: null,
  saving: null,
  unsaved: [] as QuantityChange[],
  reread: false,
  promoError: null,
};
const ADD = { target: 'adding', actions: 'recordAddition' } as const;

/**
 * The signed-in customer's cart: its lines, its promo code as the server prices it, and the totals
 * derived from them with the shared rule (a line the stock can not fill counts for nothing).
 * Loaded only once sign-in has settled ('cart.load'), emptied on sign-out ('cart.clear'); every add
 * and remove is followed by a fresh read, so the navbar and My cart show what the server holds.
 * A quantity changed in My cart shows at once (line and totals) and is saved one request at a time,
 * the latest quantity of each line winning, so quick clicks are neither lost nor saved out of order;
 * a refused save reads the cart again, which puts its line back at the server's quantity. A code is
 * put on or taken off the cart one request at a time ('cart.applyPromo', 'cart.removePromo'); after a
 * quantity changes, a cart with a code is read again, as the code's discount may have changed with it.
 */
export const cartMachine = setup({
  types: {
    context: {} as {
      lines: CartLine[];
      /** The code on the cart and what the server prices it at (none: NO_CART_PROMO). */
      promo: CartPromo;
      totals: CartTotals;
      error: string | null;
      /** Why the code typed last was refused (it does not exist, the network…). */
      promoError: string | null;
      /** The addition in flight. */
      adding: CartAddition | null;
      /** The quantity being saved. */
      saving: QuantityChange | null;
      /** Quantities asked for and not sent yet: each line's latest, in the order first asked. */
      unsaved: QuantityChange[];
      /** A save was refused: read the cart again once the others are saved. */
      reread: boolean;
    },
    events: {} as
      | { type: 'cart.load' }
      | { type: 'cart.clear' }
      | { type: 'cart.refresh' }
      | ({ type: 'cart.add' } & CartAddition)
      | { type: 'cart.remove'; id: string }
      | ({ type: 'cart.setQuantity' } & QuantityChange)
      | { type: 'cart.applyPromo'; code: string }
      | { type: 'cart.removePromo' },
  },
  actors: {
    fetchCart: providedLater<CartRead>('fetchCart'),
    applyPromo: providedLater<CartPromo, { code: string }>('applyPromo'),
    removePromo: providedLater<{ deletedCount: number }>('removePromo'),
    addLine: providedLater<Added, CartAddition>('addLine'),
    removeLine: providedLater<{ deletedCount: number }, { id: string }>('removeLine'),
    saveQuantity: providedLater<CartLine, QuantityChange>('saveQuantity'),
  },
  actions: {
    recordAddition: assign({
      adding: ({ event }) => {
        const { type: _, ...addition } = event as CartAddition & { type: 'cart.add' };
        return addition;
      },
    }),
    recordQuantity: assign(({ context, event }) => {
      const { id, quantity } = event as QuantityChange & { type: 'cart.setQuantity' };
      const lines = context.lines.map((line) => (line._id === id ? { ...line, quantity } : line));
      const queued = context.unsaved.some((change) => change.id === id);
      return {
        lines,
        totals: totalsOf(lines, context.promo),
        unsaved: queued
          ? context.unsaved.map((change) => (change.id === id ? { id, quantity } : change))
          : [...context.unsaved, { id, quantity }],
      };
    }),
    takeNextSave: assign(({ context }) => ({
      saving: context.unsaved[0] ?? null,
      unsaved: context.unsaved.slice(1),
    })),
    // The server's line brings its price and stock as they are now; a line asked for again meanwhile
    // keeps the quantity shown, which its next save sends.
    keepSavedLine: assign(({ context }, params: { line: CartLine }) => {
      const newer = context.unsaved.some((change) => change.id === params.line._id);
      const lines = newer
        ? context.lines
        : context.lines.map((line) => (line._id === params.line._id ? params.line : line));
      return { lines, totals: totalsOf(lines, context.promo), saving: null };
    }),
    // Later quantities of a refused line would be refused alike (stock gone, the cap), or were asked
    // on top of a quantity the server does not have: the fresh read shows what it has.
    forgetRefusedLine: assign(({ context }) => ({
      unsaved: context.unsaved.filter((change) => change.id !== context.saving?.id),
      saving: null,
      reread: true,
    })),
    announceAdded: (_, _params: { name: string }) => {},
    announceDuplicate: (_, _params: { name: string }) => {},
    announceFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    isInserted: (_, params: { added: Added }) => params.added.insertedId !== null,
    isNewQuantity: ({ context, event }) => {
      const { id, quantity } = event as QuantityChange & { type: 'cart.setQuantity' };
      const line = context.lines.find((candidate) => candidate._id === id);
      return line !== undefined && Number.isInteger(quantity) && quantity >= 1 && quantity !== line.quantity;
    },
    hasUnsaved: ({ context }) => context.unsaved.length > 0,
    hasPromo: ({ context }) => context.promo.code !== null,
    isCode: ({ event }) => event.type === 'cart.applyPromo' && event.code.trim() !== '',
    mustReread: ({ context }) => context.reread,
  },
}).createMachine({
  id: 'cart',
  context: { ...EMPTY, ...IDLE },
  initial: 'signedOut',
  on: {
    'cart.clear': { target: '.signedOut', actions: assign({ ...EMPTY, ...IDLE }) },
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
            lines: ({ event }) => event.output.lines,
            promo: ({ event }) => event.output.promo,
            totals: ({ event }) => totalsOf(event.output.lines, event.output.promo),
            error: null,
            reread: false,
          }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { 'cart.add': ADD },
    },
    // Signed in, a cart is read again on 'cart.refresh'; 'cart.load' comes only after 'cart.clear'
    // (src/actors/cart.ts), so only the signed-out cart takes it.
    failed: {
      on: { 'cart.refresh': 'loading', 'cart.add': ADD },
    },
    ready: {
      on: {
        'cart.add': ADD,
        'cart.remove': 'removing',
        'cart.setQuantity': { guard: 'isNewQuantity', target: 'saving', actions: 'recordQuantity' },
        'cart.refresh': 'loading',
        'cart.applyPromo': { guard: 'isCode', target: 'applyingPromo' },
        'cart.removePromo': { guard: 'hasPromo', target: 'removingPromo' },
      },
    },
    applyingPromo: {
      invoke: {
        id: 'applyPromo',
        src: 'applyPromo',
        input: ({ event }) => ({ code: (event as { code: string }).code.trim() }),
        onDone: {
          target: 'ready',
          actions: assign({
            promo: ({ event }) => event.output,
            totals: ({ context, event }) => totalsOf(context.lines, event.output),
            promoError: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: assign({ promoError: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    removingPromo: {
      invoke: {
        id: 'removePromo',
        src: 'removePromo',
        onDone: {
          target: 'ready',
          actions: assign({
            promo: NO_CART_PROMO,
            totals: ({ context }) => totalsOf(context.lines, NO_CART_PROMO),
            promoError: null,
          }),
        },
        onError: {
          target: 'ready',
          actions: {
            type: 'announceFailure',
            params: ({ event }) => ({ message: errorMessage(event.error) }),
          },
        },
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
    saving: {
      entry: 'takeNextSave',
      invoke: {
        id: 'saveQuantity',
        src: 'saveQuantity',
        // Entered only with a quantity unsaved, which the entry takes.
        input: ({ context }) => context.saving!,
        onDone: {
          target: 'saved',
          actions: { type: 'keepSavedLine', params: ({ event }) => ({ line: event.output }) },
        },
        onError: {
          target: 'saved',
          actions: [
            { type: 'announceFailure', params: ({ event }) => ({ message: errorMessage(event.error) }) },
            'forgetRefusedLine',
          ],
        },
      },
      on: { 'cart.setQuantity': { guard: 'isNewQuantity', actions: 'recordQuantity' } },
    },
    // Transient: the next quantity, else the fresh read a refusal (or the code's new price) asks for,
    // else done.
    saved: {
      always: [
        { guard: 'hasUnsaved', target: 'saving' },
        { guard: 'mustReread', target: 'loading' },
        { guard: 'hasPromo', target: 'loading' },
        { target: 'ready' },
      ],
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
