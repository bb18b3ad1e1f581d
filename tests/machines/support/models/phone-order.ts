import type { OrderSlots } from '../../../../contract/kitchen.ts';
import type { MenuItem } from '../../../../contract/menu.ts';
import type { PhoneOrderBody, PhoneOrderTaken } from '../../../../contract/phone-order.ts';
import { phoneOrderMachine, type SlotsAsked } from '../../../../machines/phone-order.machine.ts';
import { defineModel, neverAnswers } from '../model.ts';
import { PIZZA } from './configurator.ts';

export const ORDER_TIME = 'November 27,2026 07:30:00 PM';

/** An id as the menu gives one (the contract checks ids are uuids): the n-th of the test's. */
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The configurator's pizza groups, each choice by a uuid: CHOICE.large is Large's. */
export const CHOICE: Record<string, string> = Object.fromEntries(
  PIZZA.flatMap((group) => group.choices).map((choice, n) => [choice._id, uuid(100 + n)]),
);
const GROUPS = PIZZA.map((group) => ({
  ...group,
  choices: group.choices.map((choice) => ({ ...choice, _id: CHOICE[choice._id]! })),
}));

/** A pizza with the configurator's groups (Medium by default), and a cola sold out today. */
export const MARGHERITA: MenuItem = {
  _id: uuid(1),
  name: 'Margherita',
  price: 10,
  quantity: 5,
  image: '/images/menu/margherita.jpg',
  category: 'pizza',
  description: 'Tomato and mozzarella.',
  options: GROUPS,
};
export const COLA: MenuItem = { ...MARGHERITA, _id: uuid(2), name: 'Cola', quantity: 0, options: [] };
export const MENU = [MARGHERITA, COLA];

export const SLOTS: OrderSlots = {
  asap: { minutes: 25, dueAt: '2026-11-27T13:55:00.000Z' },
  slots: [{ at: '2026-11-27T14:30:00.000Z', date: '2026-11-27', time: '20:30' }],
  opensAt: null,
};

/** The server's answer: a pickup of one Margherita with its link. */
export const TAKEN: PhoneOrderTaken = {
  order: {
    _id: 'o1',
    order_time: ORDER_TIME,
    fullName: 'Karim Uddin',
    email: '',
    phone: '+880 1811 222333',
    address: '',
    city: '',
    postcode: '',
    transaction_id: 'PZ1',
    total_price: 10,
    payment_status: false,
    status: false,
    refund_due: false,
    state: 'awaiting_payment',
    paid_at: null,
    paid_after_closing: false,
    carts: [],
    order_type: 'pickup',
    taken_by: 'staff-1',
  },
  payment_link: 'https://pay.example/PZ1',
  sms_text: 'Pizzon: your order #1 (PZ1) comes to Tk 10.00. Pay here: https://pay.example/PZ1',
  mailed: false,
};

const pending = phoneOrderMachine.provide({
  actors: {
    loadMenu: neverAnswers<MenuItem[]>(),
    loadItem: neverAnswers<MenuItem, { itemId: string }>(),
    loadSlots: neverAnswers<OrderSlots, SlotsAsked>(),
    takePhoneOrder: neverAnswers<PhoneOrderTaken, PhoneOrderBody>(),
  },
});

type Snapshot = ReturnType<(typeof pending)['resolveState']>;

/** Each kind of event once in the states that take it, so the walk stays small: one line, one caller. */
function eventsIn(snapshot: Snapshot) {
  const { context } = snapshot;
  const editing = snapshot.matches('editing');
  return [
    ...(snapshot.matches('loading')
      ? [
          { type: 'xstate.done.actor.loadMenu', output: MENU },
          { type: 'xstate.error.actor.loadMenu', error: new Error('The menu could not be read') },
        ]
      : []),
    ...(snapshot.matches('failed') ? [{ type: 'menu.retry' }] : []),
    ...(snapshot.matches({ editing: { times: 'loading' } })
      ? [
          { type: 'xstate.done.actor.loadSlots', output: SLOTS },
          { type: 'xstate.error.actor.loadSlots', error: new Error('Try again') },
        ]
      : []),
    ...(editing && context.lines.length === 0 && context.draft === null
      ? [
          { type: 'item.pick', itemId: MARGHERITA._id },
          { type: 'item.pick', itemId: COLA._id },
        ]
      : []),
    ...(snapshot.matches({ editing: { line: 'loading' } })
      ? [
          { type: 'xstate.done.actor.loadItem', output: MARGHERITA },
          {
            type: 'xstate.error.actor.loadItem',
            error: new Error('This menu item does not exist'),
          },
        ]
      : []),
    ...(snapshot.matches({ editing: { line: 'configuring' } })
      ? [
          { type: 'draft.quantity', quantity: context.draft?.quantity === 1 ? 2 : 1 },
          { type: 'draft.quantity', quantity: 6 },
          { type: 'draft.add', choices: [CHOICE.large!, CHOICE.olives!], instructions: ' no basil ' },
          { type: 'draft.add', choices: [CHOICE.olives!], instructions: '' },
          { type: 'draft.cancel' },
        ]
      : []),
    ...(editing && context.lines.length > 0 ? [{ type: 'line.remove', index: 0 }] : []),
    ...(editing && context.lines.length > 0 && context.form.fullName === ''
      ? [{ type: 'field.change', field: 'fullName', value: 'Karim Uddin' }]
      : []),
    ...(editing && context.form.fullName !== '' && context.form.phone === ''
      ? [{ type: 'field.change', field: 'phone', value: '+880 1811 222333' }]
      : []),
    ...(editing && context.lines.length > 0
      ? [{ type: 'type.set', orderType: context.orderType === 'pickup' ? 'delivery' : 'pickup' }]
      : []),
    ...(editing &&
    context.orderType === 'delivery' &&
    context.form.fullName === '' &&
    context.form.postcode === ''
      ? [{ type: 'field.change', field: 'postcode', value: '1205' }]
      : []),
    ...(snapshot.matches({ editing: { times: 'ready' } }) && context.slots !== null
      ? [{ type: 'slot.set', slot: context.slot === null ? SLOTS.slots[0]!.at : null }]
      : []),
    ...(editing
      ? [
          { type: 'payment.set', method: context.paymentMethod === 'online' ? 'cash' : 'online' },
          { type: 'order.submit', orderTime: ORDER_TIME },
        ]
      : []),
    ...(snapshot.matches('submitting')
      ? [
          { type: 'xstate.done.actor.takePhoneOrder', output: TAKEN },
          {
            type: 'xstate.error.actor.takePhoneOrder',
            error: new Error('Only 0 left in stock for Margherita'),
          },
        ]
      : []),
    ...(snapshot.matches('taken') ? [{ type: 'order.another' }] : []),
  ] as never;
}

export const phoneOrderModel = defineModel(pending, [{ events: eventsIn as never }]);
