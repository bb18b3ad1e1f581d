import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { OrderStreamActorEvent } from '../../contract/order-stream.ts';
import { feedStatus, KEPT_EVENTS, orderFeedMachine } from '../../machines/order-feed.machine.ts';
import { expectFullCoverage } from './support/expect-coverage.ts';
import { orderEvent, orderFeedModel, silentFeed, TOO_MANY } from './support/models/order-feed.ts';

describe('order feed machine', () => {
  it('walks every state and transition', () => {
    expectFullCoverage(orderFeedModel);
  });

  it('follows what its stream actor reports: status and events, in the order they came', () => {
    let report: (event: OrderStreamActorEvent) => void = () => {};
    const actor = createActor(
      orderFeedMachine.provide({
        actors: {
          followOrders: fromCallback(({ sendBack }) => {
            report = sendBack;
          }),
        },
      }),
      { input: { scope: 'all' } },
    ).start();
    expect(feedStatus(actor.getSnapshot())).toBe('connecting');
    report({ type: 'order.stream', status: 'live' });
    report({ type: 'order.event', event: orderEvent(1) });
    report({ type: 'order.stream', status: 'reconnecting' });
    expect(feedStatus(actor.getSnapshot())).toBe('reconnecting');
    report({ type: 'order.event', event: orderEvent(2, { from: 'paid', to: 'accepted' }) });
    report({ type: 'order.stream', status: 'live' });
    expect(feedStatus(actor.getSnapshot())).toBe('live');
    expect(actor.getSnapshot().context.events.map((e) => e.id)).toEqual([1, 2]);
    expect(actor.getSnapshot().context.received).toBe(2);
  });

  it('says once it has been cut or refused, for the page to say when it is back', () => {
    const actor = createActor(silentFeed, { input: { scope: 'mine' } }).start();
    actor.send({ type: 'order.stream', status: 'live' });
    expect(actor.getSnapshot().context.pausedOnce).toBe(false);
    actor.send({ type: 'order.stream', status: 'reconnecting' });
    actor.send({ type: 'order.stream', status: 'live' });
    expect(actor.getSnapshot().context.pausedOnce).toBe(true);
    const refused = createActor(silentFeed, { input: { scope: 'mine' } }).start();
    refused.send({ type: 'order.stream', status: 'waiting', message: TOO_MANY });
    expect(refused.getSnapshot().context.pausedOnce).toBe(true);
  });

  it('tells its listener of each event and of each time the stream goes live', () => {
    const heard: OrderStreamActorEvent[] = [];
    const listener = createActor(
      fromCallback<OrderStreamActorEvent>(({ receive }) => receive((event) => heard.push(event))),
    ).start();
    const actor = createActor(silentFeed, { input: { scope: 'all', listener } }).start();
    actor.send({ type: 'order.event', event: orderEvent(1) });
    actor.send({ type: 'order.stream', status: 'live' });
    actor.send({ type: 'order.stream', status: 'reconnecting' });
    actor.send({ type: 'order.stream', status: 'live' });
    expect(heard).toEqual([
      { type: 'order.event', event: orderEvent(1) },
      { type: 'order.stream', status: 'live' },
      { type: 'order.stream', status: 'live' },
    ]);
  });

  it('holds the server’s refusal while it waits, and lets go of it once live or cut again', () => {
    const actor = createActor(silentFeed, { input: { scope: 'mine' } }).start();
    const seen = () => [feedStatus(actor.getSnapshot()), actor.getSnapshot().context.message];
    actor.send({ type: 'order.stream', status: 'waiting', message: TOO_MANY });
    expect(seen()).toEqual(['waiting', TOO_MANY]);
    actor.send({ type: 'order.stream', status: 'waiting', message: 'Another cap is full.' });
    expect(seen()).toEqual(['waiting', 'Another cap is full.']);
    actor.send({ type: 'order.stream', status: 'live' });
    expect(seen()).toEqual(['live', null]);
    actor.send({ type: 'order.stream', status: 'waiting', message: TOO_MANY });
    actor.send({ type: 'order.stream', status: 'reconnecting' });
    expect(seen()).toEqual(['reconnecting', null]);
  });

  it('keeps only the most recent events', () => {
    const actor = createActor(silentFeed, { input: { scope: 'all' } }).start();
    for (let id = 1; id <= KEPT_EVENTS + 5; id++) actor.send({ type: 'order.event', event: orderEvent(id) });
    const ids = actor.getSnapshot().context.events.map((e) => e.id);
    expect(ids).toHaveLength(KEPT_EVENTS);
    expect(ids.at(-1)).toBe(KEPT_EVENTS + 5);
  });
});
