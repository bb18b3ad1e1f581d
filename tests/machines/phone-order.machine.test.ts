import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PhoneOrderBody } from '../../contract/phone-order.ts';
import { foodCents, phoneOrderMachine, type SlotsAsked } from '../../machines/phone-order.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import {
  CHOICE,
  COLA,
  MARGHERITA,
  MENU,
  ORDER_TIME,
  phoneOrderModel,
  SLOTS,
  TAKEN,
} from './support/models/phone-order.ts';

const started = (
  takePhoneOrder: (body: PhoneOrderBody) => Promise<typeof TAKEN>,
  loadSlots: (asked: SlotsAsked) => Promise<typeof SLOTS> = async () => SLOTS,
) =>
  createActor(
    phoneOrderMachine.provide({
      actors: {
        loadMenu: fromPromise(async () => MENU),
        loadItem: fromPromise(async () => MARGHERITA),
        loadSlots: fromPromise(({ input }) => loadSlots(input)),
        takePhoneOrder: fromPromise(({ input }) => takePhoneOrder(input)),
      },
    }),
  ).start();

describe('phone order machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(phoneOrderModel);
  });

  it('sends the lines with their options, the caller and the time, and shows the link it answers', async () => {
    const take = vi.fn(async (_: PhoneOrderBody) => TAKEN);
    const actor = started(take);
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    actor.send({ type: 'item.pick', itemId: MARGHERITA._id });
    await waitFor(actor, (s) => s.matches({ editing: { line: 'configuring' } }));
    actor.send({ type: 'draft.quantity', quantity: 2 });
    actor.send({ type: 'draft.add', choices: [CHOICE.large!, CHOICE.olives!], instructions: ' no basil ' });
    const [line] = actor.getSnapshot().context.lines;
    // 10 + 3 (Large) + 1 (Olives), as the item page prices it.
    expect(line).toMatchObject({
      quantity: 2,
      unitCents: 1_400,
      choiceText: 'Large · +Olives',
      instructions: 'no basil',
    });
    expect(foodCents(actor.getSnapshot().context.lines)).toBe(2_800);
    actor.send({ type: 'slot.set', slot: SLOTS.slots[0]!.at });
    actor.send({ type: 'field.change', field: 'fullName', value: ' Karim Uddin ' });
    actor.send({ type: 'field.change', field: 'phone', value: '+880 1811 222333' });
    actor.send({ type: 'field.change', field: 'address', value: 'not sent for a pickup' });
    actor.send({ type: 'payment.set', method: 'cash' });
    actor.send({ type: 'order.submit', orderTime: ORDER_TIME });
    const taken = await waitFor(actor, (s) => s.matches('taken'));
    expect(take).toHaveBeenCalledWith({
      orderType: 'pickup',
      fullName: 'Karim Uddin',
      email: '',
      phone: '+880 1811 222333',
      lines: [
        {
          itemId: MARGHERITA._id,
          quantity: 2,
          choices: [CHOICE.large!, CHOICE.olives!],
          instructions: 'no basil',
        },
      ],
      slot: SLOTS.slots[0]!.at,
      paymentMethod: 'cash',
      order_time: ORDER_TIME,
    });
    expect(taken.context.taken?.sms_text).toBe(TAKEN.sms_text);
    actor.send({ type: 'order.another' });
    expect(actor.getSnapshot().context).toMatchObject({
      lines: [],
      taken: null,
      form: { fullName: '' },
      paymentMethod: 'online',
    });
  });

  it('keeps the same item with the same choices and instructions as one line', async () => {
    const actor = started(async () => TAKEN);
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    for (const [choices, quantity] of [
      [[CHOICE.large!], 1],
      [[CHOICE.large!], 2],
      [[CHOICE.small!], 1],
    ] as const) {
      actor.send({ type: 'item.pick', itemId: MARGHERITA._id });
      await waitFor(actor, (s) => s.matches({ editing: { line: 'configuring' } }));
      actor.send({ type: 'draft.quantity', quantity });
      actor.send({ type: 'draft.add', choices: [...choices], instructions: '' });
    }
    expect(actor.getSnapshot().context.lines.map((line) => [line.choiceText, line.quantity])).toEqual([
      ['Large', 3],
      ['Small', 1],
    ]);
  });

  it('sends nothing the contract refuses, names the field, and shows the server’s refusal', async () => {
    let refuse = true;
    const take = vi.fn(async () => {
      if (refuse) throw new Error('Only 1 left in stock for Margherita');
      return TAKEN;
    });
    const actor = started(take);
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    actor.send({ type: 'order.submit', orderTime: ORDER_TIME });
    expect(actor.getSnapshot().context.problem).toEqual({ field: 'lines', message: 'Add at least one item' });
    actor.send({ type: 'item.pick', itemId: COLA._id });
    expect(actor.getSnapshot().matches({ editing: { line: 'idle' } })).toBe(true);
    actor.send({ type: 'item.pick', itemId: MARGHERITA._id });
    await waitFor(actor, (s) => s.matches({ editing: { line: 'configuring' } }));
    // Two toppings of at most two, and no size: not an orderable selection.
    actor.send({ type: 'draft.add', choices: [CHOICE.olives!], instructions: '' });
    expect(actor.getSnapshot().context.lines).toEqual([]);
    actor.send({ type: 'draft.add', choices: [CHOICE.medium!], instructions: '' });
    actor.send({ type: 'field.change', field: 'fullName', value: 'Karim Uddin' });
    actor.send({ type: 'order.submit', orderTime: ORDER_TIME });
    expect(actor.getSnapshot().context.problem).toMatchObject({ field: 'phone' });
    actor.send({ type: 'field.change', field: 'phone', value: '+880 1811 222333' });
    actor.send({ type: 'order.submit', orderTime: ORDER_TIME });
    const refused = await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(refused.context.error).toBe('Only 1 left in stock for Margherita');
    expect(refused.context.lines).toHaveLength(1);
    refuse = false;
    actor.send({ type: 'order.submit', orderTime: ORDER_TIME });
    await waitFor(actor, (s) => s.matches('taken'));
    expect(take).toHaveBeenCalledTimes(2);
  });

  it('asks the kitchen’s times for the order’s own lines, again as they, the type or the area change', async () => {
    const load = vi.fn(async (_: SlotsAsked) => SLOTS);
    const actor = started(async () => TAKEN, load);
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    // No lines yet: none, rather than the staff member's own cart.
    expect(load).toHaveBeenLastCalledWith({ orderType: 'pickup', postcode: '', lines: [] });
    actor.send({ type: 'item.pick', itemId: MARGHERITA._id });
    await waitFor(actor, (s) => s.matches({ editing: { line: 'configuring' } }));
    // Another type while an item is being configured: the times are read again, the item kept.
    actor.send({ type: 'type.set', orderType: 'delivery' });
    expect(actor.getSnapshot().matches({ editing: { line: 'configuring' } })).toBe(true);
    actor.send({ type: 'draft.quantity', quantity: 2 });
    actor.send({ type: 'draft.add', choices: [CHOICE.medium!], instructions: '' });
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    expect(load).toHaveBeenLastCalledWith({
      orderType: 'delivery',
      postcode: '',
      lines: [{ itemId: MARGHERITA._id, quantity: 2 }],
    });
    actor.send({ type: 'field.change', field: 'postcode', value: ' 1205 ' });
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ postcode: '1205' }));
    const calls = load.mock.calls.length;
    actor.send({ type: 'field.change', field: 'fullName', value: 'Karim Uddin' });
    expect(load).toHaveBeenCalledTimes(calls);
    actor.send({ type: 'line.remove', index: 0 });
    await waitFor(actor, (s) => s.matches({ editing: { times: 'ready' } }));
    expect(load).toHaveBeenLastCalledWith({ orderType: 'delivery', postcode: '1205', lines: [] });
  });
});
