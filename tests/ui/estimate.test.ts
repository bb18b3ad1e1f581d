import { describe, expect, it } from 'vitest';
import { DEFAULT_KITCHEN_SETTINGS, estimateMinutes, prepMinutesOf } from '../../contract/kitchen.ts';

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
