import { describe, expect, it } from 'vitest';
import {
  PROMO_EXPIRED,
  PROMO_INACTIVE,
  PROMO_STANDING_LABELS,
  PROMO_USED_UP,
  type PromoLimits,
  promoStanding,
  refusalOfStanding,
} from '../../contract/promotions.ts';

// A code's standing (contract/promotions.ts): the one rule checkout refuses by and Admin → Promotions
// shows, so a code the list calls Active is one a customer can use.

const now = Date.parse('2026-12-07T18:00:00Z');
const always: PromoLimits = { active: true, startsAt: null, endsAt: null, maxUses: null };

describe('where a code stands', () => {
  it('is Expired from its end on: a code that ended on 1 December is not Active on the 7th', () => {
    const ended = { ...always, endsAt: '2026-12-01T18:00:00Z' };
    expect(promoStanding(ended, now)).toBe('expired');
    expect(refusalOfStanding('expired', ended)).toBe(PROMO_EXPIRED);
    // Ended at this very instant: checkout already refuses it.
    expect(promoStanding({ ...always, endsAt: new Date(now) }, now)).toBe('expired');
    expect(promoStanding({ ...always, endsAt: new Date(now + 1) }, now)).toBe('active');
  });

  it('is Scheduled before its start, saying the day it starts', () => {
    const later = { ...always, startsAt: '2026-12-24T00:00:00Z', endsAt: '2026-12-31T00:00:00Z' };
    expect(promoStanding(later, now)).toBe('scheduled');
    expect(refusalOfStanding('scheduled', later)).toBe('Starts on 2026-12-24');
    expect(promoStanding({ ...later, startsAt: new Date(now) }, now)).toBe('active');
  });

  it('is Used up once its uses are all held, Active while one is left', () => {
    const three = { ...always, maxUses: 3 };
    expect(promoStanding(three, now, 2)).toBe('active');
    expect(promoStanding(three, now, 3)).toBe('used_up');
    expect(refusalOfStanding('used_up', three)).toBe(PROMO_USED_UP);
    expect(promoStanding(always, now, 1_000)).toBe('active');
  });

  it('is Off while switched off, whatever its dates and uses', () => {
    const off = { ...always, active: false, endsAt: '2026-12-01T00:00:00Z', maxUses: 1 };
    expect(promoStanding(off, now, 5)).toBe('off');
    expect(refusalOfStanding('off', off)).toBe(PROMO_INACTIVE);
  });

  it('takes nothing off only when it is not Active, and each standing has the words the list shows', () => {
    expect(refusalOfStanding('active', always)).toBeNull();
    expect(PROMO_STANDING_LABELS).toEqual({
      off: 'Off',
      scheduled: 'Scheduled',
      active: 'Active',
      expired: 'Expired',
      used_up: 'Used up',
    });
  });
});
