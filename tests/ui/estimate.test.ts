import { describe, expect, it } from 'vitest';
import {
  committedTimes,
  DEFAULT_KITCHEN_SETTINGS,
  estimateMinutes,
  isAheadOf,
  type KitchenTimes,
  prepMinutesOf,
  promisedInputs,
} from '../../contract/kitchen.ts';

const MINUTE = 60_000;
const NOW = Date.parse('2026-12-07T18:45:00.000Z');
const at = (minutes: number) => NOW + minutes * MINUTE;

describe('the one estimate', () => {
  it('adds the queue ahead (in slots of the kitchen’s size), the preparation and the ride', () => {
    const settings = { ...DEFAULT_KITCHEN_SETTINGS, slotOrders: 4 };
    expect(estimateMinutes({ prepMinutes: 15, ahead: 0, deliveryMinutes: 0 }, settings)).toBe(15);
    // 6 orders ahead, 4 made every 15 minutes: 23 minutes of queue.
    expect(estimateMinutes({ prepMinutes: 15, ahead: 6, deliveryMinutes: 0 }, settings)).toBe(38);
    expect(estimateMinutes({ prepMinutes: 15, ahead: 6, deliveryMinutes: 20 }, settings)).toBe(58);
  });

  it('takes Busy through the preparation: the same minutes more for every order', () => {
    const calm = {
      ...DEFAULT_KITCHEN_SETTINGS,
      prepMinutes: { ...DEFAULT_KITCHEN_SETTINGS.prepMinutes, pizza: 25 },
    };
    const busy = { ...calm, busy: true, busyMinutes: 15 };
    const inputs = (settings: typeof calm) => ({
      prepMinutes: prepMinutesOf(settings, ['pizza', 'drink']),
      ahead: 3,
      deliveryMinutes: 20,
    });
    expect(estimateMinutes(inputs(busy), busy) - estimateMinutes(inputs(calm), calm)).toBe(15);
    expect(estimateMinutes(inputs(calm), calm)).toBe(2 + 25 + 20);
  });
});

describe('times committed when staff take a step ahead of them', () => {
  // Booked for six hours on: 25 minutes' preparation, a 20 minutes' ride.
  const booked: KitchenTimes = { startAt: at(335), readyAt: at(360), dueAt: at(380) };
  const inputs = { ...promisedInputs(booked), ahead: 4 };
  const settings = { slotOrders: 2 };

  it('reads the preparation and the ride the order was promised from its times', () => {
    expect(promisedInputs(booked)).toEqual({ prepMinutes: 25, ahead: 0, deliveryMinutes: 20 });
  });

  it('sent out now: due after the ride from now', () => {
    expect(committedTimes(booked, 'out_for_delivery', NOW, inputs, settings)).toEqual({
      startAt: NOW,
      readyAt: NOW,
      dueAt: at(20),
    });
    expect(
      committedTimes(booked, 'ready_for_pickup', NOW, { ...inputs, deliveryMinutes: 0 }, settings),
    ).toMatchObject({ readyAt: NOW, dueAt: NOW });
  });

  it('started now: ready after its preparation, due after the ride', () => {
    expect(committedTimes(booked, 'preparing', NOW, inputs, settings)).toEqual({
      startAt: NOW,
      readyAt: at(25),
      dueAt: at(45),
    });
  });

  it('accepted now: as the website would quote it now, the queue ahead counted', () => {
    // 4 ahead, 2 a slot: 30 minutes before it is started.
    expect(committedTimes(booked, 'accepted', NOW, inputs, settings)).toEqual({
      startAt: at(30),
      readyAt: at(55),
      dueAt: at(75),
    });
    expect(estimateMinutes(inputs, settings)).toBe(75);
  });

  it('never later than before, and nothing when the step is on time or late', () => {
    const soon: KitchenTimes = { startAt: at(10), readyAt: at(35), dueAt: at(55) };
    const longQueue = { ...promisedInputs(soon), ahead: 40 };
    expect(committedTimes(soon, 'accepted', NOW, longQueue, settings)).toEqual(soon);
    expect(isAheadOf(booked, 'preparing', at(335))).toBe(false);
    expect(committedTimes(booked, 'preparing', at(340), inputs, settings)).toBeNull();
    expect(committedTimes(booked, 'out_for_delivery', at(361), inputs, settings)).toBeNull();
    expect(committedTimes(booked, 'delivered', NOW, inputs, settings)).toBeNull();
    expect(committedTimes(booked, 'paid', NOW, inputs, settings)).toBeNull();
  });
});
