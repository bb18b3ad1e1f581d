import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  findTransition,
  ORDER_ACTORS,
  ORDER_STATES,
  ORDER_TRANSITIONS,
  ORDER_TYPES,
  type OrderType,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../contract/order-lifecycle.ts';
import { orderMachine, orderStateOf } from '../../machines/order.machine.ts';
import { walkModel } from './support/model.ts';
import { order, orderModel } from './support/models/order.ts';

/**
 * Where the machine goes from `from` when `by` asks for `to` of an order of `type` paid by `method`: the
 * state it ends in.
 */
function machineAnswer(
  from: (typeof ORDER_STATES)[number],
  to: (typeof ORDER_STATES)[number],
  by: string,
  type: OrderType,
  method: PaymentMethod = 'online',
) {
  const actor = createActor(orderMachine, { input: order(from, type, method) }).start();
  // An order that starts in a final state is already done: it takes no events (and XState warns if sent one).
  if (actor.getSnapshot().status === 'active') actor.send({ type: 'order.transition', to, by } as never);
  const state = orderStateOf(actor.getSnapshot());
  actor.stop();
  return state;
}

describe('the order machine and the server’s lifecycle table', () => {
  const triples = PAYMENT_METHODS.flatMap((method) =>
    ORDER_TYPES.flatMap((type) =>
      ORDER_STATES.flatMap((from) =>
        ORDER_STATES.flatMap((to) => ORDER_ACTORS.map((by) => ({ from, to, by, type, method }))),
      ),
    ),
  );

  it('has rows of known states and actors, each move once', () => {
    const rows = ORDER_TRANSITIONS.map(({ from, to, by }) => `${from}>${to}>${by}`);
    expect(new Set(rows).size).toBe(rows.length);
    for (const { from, to, by } of ORDER_TRANSITIONS) {
      expect(ORDER_STATES).toContain(from);
      expect(ORDER_STATES).toContain(to);
      expect(ORDER_ACTORS).toContain(by);
      expect(to).not.toBe(from);
    }
  });

  it.each(triples)('$method $type: $from → $to by $by: the machine moves iff findTransition allows it', ({
    from,
    to,
    by,
    type,
    method,
  }) => {
    const allowed = findTransition(from, to, by, type, method) !== undefined;
    expect(machineAnswer(from, to, by, type, method)).toBe(allowed ? to : from);
  });

  it('takes a cash order from placed to the kitchen and ends it at the door with the cash or its refusal', () => {
    expect(machineAnswer('placed', 'accepted', 'staff', 'delivery', 'cash')).toBe('accepted');
    expect(machineAnswer('out_for_delivery', 'delivered', 'staff', 'delivery', 'cash')).toBe('delivered');
    expect(machineAnswer('out_for_delivery', 'cash_refused', 'staff', 'delivery', 'cash')).toBe(
      'cash_refused',
    );
    expect(machineAnswer('ready_for_pickup', 'cash_refused', 'staff', 'pickup', 'cash')).toBe('cash_refused');
    // No refund is owed for cash never taken, and no cash is refused for an order paid online.
    expect(machineAnswer('preparing', 'refund_due', 'staff', 'delivery', 'cash')).toBe('preparing');
    expect(machineAnswer('preparing', 'cancelled', 'staff', 'delivery', 'cash')).toBe('cancelled');
    expect(machineAnswer('out_for_delivery', 'cash_refused', 'staff', 'delivery', 'online')).toBe(
      'out_for_delivery',
    );
    expect(machineAnswer('placed', 'accepted', 'staff', 'delivery', 'online')).toBe('placed');
  });

  it('takes a pickup to the counter and a delivery to the door, never the other way', () => {
    expect(machineAnswer('preparing', 'ready_for_pickup', 'staff', 'pickup')).toBe('ready_for_pickup');
    expect(machineAnswer('ready_for_pickup', 'collected', 'staff', 'pickup')).toBe('collected');
    expect(machineAnswer('preparing', 'ready_for_pickup', 'staff', 'delivery')).toBe('preparing');
    expect(machineAnswer('preparing', 'out_for_delivery', 'staff', 'pickup')).toBe('preparing');
    // An order from before types (none named) is a delivery.
    const actor = createActor(orderMachine, { input: { order: { _id: 'o1', state: 'preparing' } } }).start();
    actor.send({ type: 'order.transition', to: 'ready_for_pickup', by: 'staff' });
    expect(orderStateOf(actor.getSnapshot())).toBe('preparing');
  });

  it('has one machine state per lifecycle state', () => {
    const top = Object.keys(orderMachine.root.states);
    for (const state of ORDER_STATES) expect(top).toContain(state);
  });

  it('walks every row of the table in the model-based test', () => {
    const coverage = walkModel(orderModel);
    expect(coverage.mismatches).toEqual([]);
    // Each row of the table is one guarded 'order.transition' of its source state; the walk reached
    // them all, so every allowed triple was taken on a real actor.
    const walkedRows = new Set<string>();
    for (const from of ORDER_STATES) {
      for (const { to, by, only, method } of ORDER_TRANSITIONS.filter((t) => t.from === from)) {
        if (machineAnswer(from, to, by, only ?? 'delivery', method) === to)
          walkedRows.add(`${from}>${to}>${by}`);
      }
    }
    expect(walkedRows.size).toBe(ORDER_TRANSITIONS.length);
    expect(coverage.edges).toBeGreaterThanOrEqual(ORDER_TRANSITIONS.length);
  });
});
