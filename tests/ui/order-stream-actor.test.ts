import { describe, expect, it, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import type { OrderStreamActorEvent } from '../../contract/order-stream.ts';
import type { OrderStreamOptions } from '../../src/api/order-stream.ts';

const opened: OrderStreamOptions[] = [];
const close = vi.fn();
vi.mock('../../src/api/order-stream.ts', () => ({
  openOrderStream: (options: OrderStreamOptions) => {
    opened.push(options);
    return close;
  },
}));
const { orderStreamActor } = await import('../../src/actors/order-stream.ts');

describe('the order stream actor', () => {
  it('sends its parent each event and status, and closes the stream when stopped', () => {
    const received: OrderStreamActorEvent[] = [];
    const parent = setup({
      types: { events: {} as OrderStreamActorEvent },
      actors: { follow: orderStreamActor },
    }).createMachine({
      invoke: { src: 'follow', input: { scope: 'all', lastEventId: 12 } },
      on: {
        'order.event': { actions: ({ event }) => received.push(event) },
        'order.stream': { actions: ({ event }) => received.push(event) },
      },
    });
    const actor = createActor(parent).start();
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ scope: 'all', lastEventId: 12 });
    const event = {
      id: 13,
      orderId: 'o-1',
      transactionId: 'PZ1',
      sequence: 2,
      from: 'paid' as const,
      to: 'accepted' as const,
      by: { actor: 'staff' as const, uid: 'a-1' },
      at: '2026-11-23T20:05:09.000Z',
      note: null,
    };
    opened[0]!.onStatus?.('live');
    opened[0]!.onEvent(event);
    expect(received).toEqual([
      { type: 'order.stream', status: 'live' },
      { type: 'order.event', event },
    ]);
    actor.stop();
    expect(close).toHaveBeenCalledTimes(1);
  });
});
