import { assign, setup } from 'xstate';
import type { OrderSlots, SlotLine } from '../contract/kitchen.ts';
import type { MenuItem } from '../contract/menu.ts';
import { toCents } from '../contract/money.ts';
import { describeChoices, lineChoices, selectionProblem } from '../contract/options.ts';
import { FIELDS_OF, type ShippingField, type ShippingForm } from '../contract/order.ts';
import type { OrderType, PaymentMethod } from '../contract/order-lifecycle.ts';
import {
  PHONE_ORDER_MAX_LINES,
  type PhoneOrderBody,
  type PhoneOrderProblem,
  type PhoneOrderTaken,
  phoneOrderProblem,
} from '../contract/phone-order.ts';
import { priceLine } from '../contract/pricing.ts';
import { configuratorMachine } from './configurator.machine.ts';
import { errorMessage } from './error-message.ts';
import { providedLater } from './provided.ts';

/**
 * Staff take an order by phone on the kitchen board (docs/decisions/039-cash-and-the-counter.md): pick
 * items, each configured with the item page's configurator (its options, instructions), the caller's
 * details, delivery or pickup, a time the kitchen offers, how it is paid; then the order is sent, and
 * its payment link shown. What may be sent is the contract's rule (phoneOrderProblem, the schema the
 * server checks); the prices shown are the menu's, the total the server's answer.
 */

/** A line as the form shows it and sends it. */
export interface PhoneLine {
  itemId: string;
  name: string;
  quantity: number;
  /** The chosen choices' ids, sent as they are: the server checks them against the menu. */
  choices: string[];
  /** 'Large · +Olives' */
  choiceText: string;
  instructions: string;
  /** One unit with its options, as the menu prices it now. */
  unitCents: number;
}

/** The item being configured: its groups come with it (GET /item-detail/{id}). */
interface Draft {
  item: MenuItem;
  quantity: number;
}

export interface PhoneOrderContext {
  menu: MenuItem[];
  lines: PhoneLine[];
  draft: Draft | null;
  form: ShippingForm;
  orderType: OrderType;
  /** A slot GET /order-slots offered; null: as soon as possible. */
  slot: string | null;
  slots: OrderSlots | null;
  paymentMethod: PaymentMethod;
  /** The first rule the form breaks, after a press of Take order. */
  problem: PhoneOrderProblem | null;
  /** Why the last request failed (the server's words). */
  error: string | null;
  taken: PhoneOrderTaken | null;
}

const EMPTY_FORM: ShippingForm = { fullName: '', email: '', phone: '', address: '', postcode: '', city: '' };

/** The body POST /admin-phone-order takes for this form, on the counter's clock. */
export function phoneOrderBody(context: PhoneOrderContext, orderTime: string): PhoneOrderBody {
  const details = Object.fromEntries(
    FIELDS_OF[context.orderType].map((field) => [field, context.form[field].trim()]),
  ) as Record<ShippingField, string>;
  return {
    ...details,
    orderType: context.orderType,
    lines: context.lines.map(({ itemId, quantity, choices, instructions }) => ({
      itemId,
      quantity,
      choices,
      instructions,
    })),
    slot: context.slot,
    paymentMethod: context.paymentMethod,
    order_time: orderTime,
  } as PhoneOrderBody;
}

/** What makes a line itself: its item, choices and instructions (the same again adds to it). */
export const lineKey = (line: Pick<PhoneLine, 'itemId' | 'choices' | 'instructions'>): string =>
  `${line.itemId} ${[...line.choices].sort().join(',')} ${line.instructions}`;

/** The food's worth as the menu prices it now (the delivery fee and the total are the server's). */
export const foodCents = (lines: readonly PhoneLine[]): number =>
  lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);

type LineAdd = { type: 'draft.add'; choices: string[]; instructions: string };
type FieldChange = { type: 'field.change'; field: ShippingField; value: string };

/** What the kitchen's times are asked for: this order's lines, not the staff member's own cart. */
export interface SlotsAsked {
  orderType: OrderType;
  postcode: string;
  lines: SlotLine[];
}

export const slotsAsked = (context: PhoneOrderContext): SlotsAsked => ({
  orderType: context.orderType,
  postcode: context.form.postcode.trim(),
  lines: context.lines.map(({ itemId, quantity }) => ({ itemId, quantity })),
});
type Submit = { type: 'order.submit'; orderTime: string };

const freshForm = {
  lines: [],
  draft: null,
  form: EMPTY_FORM,
  orderType: 'pickup',
  slot: null,
  paymentMethod: 'online',
  problem: null,
  error: null,
} as const satisfies Partial<PhoneOrderContext>;

export const phoneOrderMachine = setup({
  types: {
    context: {} as PhoneOrderContext,
    events: {} as
      | { type: 'menu.retry' }
      | { type: 'item.pick'; itemId: string }
      | { type: 'draft.quantity'; quantity: number }
      | LineAdd
      | { type: 'draft.cancel' }
      | { type: 'line.remove'; index: number }
      | FieldChange
      | { type: 'type.set'; orderType: OrderType }
      | { type: 'slot.set'; slot: string | null }
      | { type: 'payment.set'; method: PaymentMethod }
      | Submit
      | { type: 'order.another' },
  },
  actors: {
    loadMenu: providedLater<MenuItem[]>('loadMenu'),
    loadItem: providedLater<MenuItem, { itemId: string }>('loadItem'),
    loadSlots: providedLater<OrderSlots, SlotsAsked>('loadSlots'),
    takePhoneOrder: providedLater<PhoneOrderTaken, PhoneOrderBody>('takePhoneOrder'),
    configurator: configuratorMachine,
  },
  actions: {
    /** The order is in: staff are told (a toast), the board shows it live. */
    announceTaken: (_, _params: { taken: PhoneOrderTaken }) => {},
    changeField: assign(({ context, event }) => {
      const { field, value } = event as FieldChange;
      return { form: { ...context.form, [field]: value }, problem: null };
    }),
    addLine: assign(({ context, event }) => {
      const { choices, instructions } = event as LineAdd;
      const { item, quantity } = context.draft!;
      const groups = item.options ?? [];
      const chosen = lineChoices(groups, choices);
      const line: PhoneLine = {
        itemId: item._id,
        name: item.name,
        quantity,
        choices,
        choiceText: describeChoices(chosen),
        instructions: instructions.trim(),
        unitCents: priceLine({
          priceCents: toCents(item.price),
          choiceDeltasCents: chosen.map((choice) => toCents(choice.priceDelta)),
          quantity: 1,
        }).unitCents,
      };
      // The same item with the same choices and instructions is one line, as in a cart.
      const same = context.lines.findIndex((other) => lineKey(other) === lineKey(line));
      const lines =
        same === -1
          ? [...context.lines, line]
          : context.lines.map((other, index) =>
              index === same ? { ...other, quantity: other.quantity + quantity } : other,
            );
      return { lines, draft: null, problem: null };
    }),
  },
  guards: {
    hasRoomForLine: ({ context, event }) =>
      context.lines.length < PHONE_ORDER_MAX_LINES &&
      context.menu.some((item) => item._id === (event as { itemId: string }).itemId && item.quantity > 0),
    /** The choices make a selection the item offers (the server's rule too). */
    isDraftOrderable: ({ context, event }) =>
      context.draft !== null &&
      selectionProblem(context.draft.item.options ?? [], (event as LineAdd).choices) === null,
    /** A delivery's postcode is its area, and the area its rider's time. */
    movesArea: ({ context, event }) =>
      context.orderType === 'delivery' && (event as FieldChange).field === 'postcode',
    isQuantityInStock: ({ context, event }) => {
      const { quantity } = event as { quantity: number };
      return Number.isInteger(quantity) && quantity >= 1 && quantity <= (context.draft?.item.quantity ?? 0);
    },
    isSendable: ({ context, event }) =>
      phoneOrderProblem(phoneOrderBody(context, (event as Submit).orderTime)) === null,
    isOffered: ({ context, event }) => {
      const { slot } = event as { slot: string | null };
      return slot === null || (context.slots?.slots.some((offered) => offered.at === slot) ?? false);
    },
  },
}).createMachine({
  id: 'phoneOrder',
  context: { ...freshForm, menu: [], slots: null, taken: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadMenu',
        src: 'loadMenu',
        onDone: { target: 'editing', actions: assign({ menu: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    /** The menu could not be read. */
    failed: { on: { 'menu.retry': { target: 'loading', actions: assign({ error: null }) } } },
    /** Two things at once: the kitchen's times for this type, and the line being added. */
    editing: {
      type: 'parallel',
      on: {
        'field.change': { actions: 'changeField' },
        'slot.set': { guard: 'isOffered', actions: assign({ slot: ({ event }) => event.slot }) },
        'payment.set': { actions: assign({ paymentMethod: ({ event }) => event.method }) },
        'order.submit': [
          {
            guard: 'isSendable',
            target: 'submitting',
            actions: assign({ problem: null, error: null, draft: null }),
          },
          {
            actions: assign({
              problem: ({ context, event }) => phoneOrderProblem(phoneOrderBody(context, event.orderTime)),
            }),
          },
        ],
      },
      states: {
        /**
         * The kitchen's times for this order's lines, read again whenever what they depend on changes
         * (the lines, the type, a delivery's postcode), so the caller is quoted what the website would
         * quote for the same order (contract/kitchen.ts estimateMinutes).
         */
        times: {
          initial: 'loading',
          on: {
            // Another type may be had at other times: as soon as possible is chosen again.
            'type.set': {
              target: '.loading',
              actions: assign({ orderType: ({ event }) => event.orderType, slot: null, problem: null }),
            },
            'draft.add': { guard: 'isDraftOrderable', target: '.loading' },
            'line.remove': {
              target: '.loading',
              actions: assign({
                lines: ({ context, event }) => context.lines.filter((_, index) => index !== event.index),
              }),
            },
            // Taken before the form's own (editing's), which it then stands for.
            'field.change': { guard: 'movesArea', target: '.loading', actions: 'changeField' },
          },
          states: {
            loading: {
              invoke: {
                id: 'loadSlots',
                src: 'loadSlots',
                input: ({ context }) => slotsAsked(context),
                // A time chosen before is kept only while it is still offered.
                onDone: {
                  target: 'ready',
                  actions: assign({
                    slots: ({ event }) => event.output,
                    slot: ({ context, event }) =>
                      event.output.slots.some((offered) => offered.at === context.slot) ? context.slot : null,
                  }),
                },
                // As soon as possible may still be sent; the server says if it can not be had.
                onError: {
                  target: 'ready',
                  actions: assign({
                    slots: null,
                    slot: null,
                    error: ({ event }) => errorMessage(event.error),
                  }),
                },
              },
            },
            ready: {},
          },
        },
        line: {
          initial: 'idle',
          on: {
            'item.pick': { guard: 'hasRoomForLine', target: '.loading', actions: assign({ error: null }) },
          },
          states: {
            idle: {},
            loading: {
              invoke: {
                id: 'loadItem',
                src: 'loadItem',
                input: ({ event }) => ({ itemId: (event as { itemId: string }).itemId }),
                onDone: {
                  target: 'configuring',
                  actions: assign({ draft: ({ event }) => ({ item: event.output, quantity: 1 }) }),
                },
                onError: {
                  target: 'idle',
                  actions: assign({ error: ({ event }) => errorMessage(event.error) }),
                },
              },
            },
            /** The item's options are chosen with the item page's configurator, its child. */
            configuring: {
              invoke: {
                id: 'configurator',
                src: 'configurator',
                input: ({ context }) => ({
                  groups: context.draft!.item.options ?? [],
                  priceCents: toCents(context.draft!.item.price),
                }),
              },
              on: {
                'draft.quantity': {
                  guard: 'isQuantityInStock',
                  actions: assign({
                    draft: ({ context, event }) => ({ ...context.draft!, quantity: event.quantity }),
                  }),
                },
                'draft.add': { guard: 'isDraftOrderable', target: 'idle', actions: 'addLine' },
                'draft.cancel': { target: 'idle', actions: assign({ draft: null }) },
              },
            },
          },
        },
      },
    },
    submitting: {
      invoke: {
        id: 'takePhoneOrder',
        src: 'takePhoneOrder',
        input: ({ context, event }) => phoneOrderBody(context, (event as Submit).orderTime),
        onDone: {
          target: 'taken',
          actions: [
            assign({ taken: ({ event }) => event.output }),
            { type: 'announceTaken', params: ({ event }) => ({ taken: event.output }) },
          ],
        },
        // Refused (stock, a full slot, the gateway): the form as it was, with the server's words; the
        // times are read again, as a full slot is no longer offered.
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    /** The order is on the board: its payment link to copy; then another call. */
    taken: {
      on: { 'order.another': { target: 'editing', actions: assign({ ...freshForm, taken: null }) } },
    },
  },
});
