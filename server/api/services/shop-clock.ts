// The restaurant's clock. A booking's day and time are the restaurant's wall clock (contract/booking.ts
// counts in minutes of that day, so the room needs no time zone); when a cut-off has passed, a reminder
// is due or a link has expired is a question about instants, answered in the shop's time zone
// (SHOP_TIME_ZONE).

/** Where the shop is when nothing says: the storefront's currency and gateway are Bangladesh's. */
export const DEFAULT_SHOP_TIME_ZONE = 'Asia/Dhaka';

/** True for a time zone this runtime knows (an IANA name such as Europe/Berlin, or UTC). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface ShopClock {
  now(): Date;
  /** The shop's calendar day now, YYYY-MM-DD. */
  today(): string;
  /** Minutes since the shop's midnight now. */
  minuteOfDay(): number;
  /** The instant `minute` minutes after the start of `date` stands for on the shop's wall clock. */
  instant(date: string, minute: number): Date;
}

/** A few weeks of 15-minute slots: the instants a running shop asks for again and again. */
const MAX_INSTANTS_KEPT = 4_096;

export function shopClock(timeZone: string, now: () => number = Date.now): ShopClock {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  /** The wall clock at `ms`, as if it were UTC, to the minute. */
  const wallAt = (ms: number): number => {
    const part = Object.fromEntries(format.formatToParts(ms).map(({ type, value }) => [type, Number(value)]));
    return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
  };
  const wallNow = () => new Date(wallAt(now()));
  // Every checkout asks for the instants of a week of slots, each costing two formatToParts: a day's
  // minute stands for the same instant until the zone's rules change, which they do not while we run.
  const instants = new Map<string, number>();
  return {
    now: () => new Date(now()),
    today: () => wallNow().toISOString().slice(0, 10),
    minuteOfDay: () => {
      const wall = wallNow();
      return wall.getUTCHours() * 60 + wall.getUTCMinutes();
    },
    instant(date, minute) {
      const key = `${date}+${minute}`;
      let at = instants.get(key);
      if (at === undefined) {
        const wall = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
        // The zone's offset at a first guess, then at the instant it gives (a change of offset between
        // them, daylight saving's, moves it once more).
        const guess = wall - (wallAt(wall) - Math.floor(wall / 60_000) * 60_000);
        at = wall - (wallAt(guess) - Math.floor(guess / 60_000) * 60_000);
        if (instants.size >= MAX_INSTANTS_KEPT) instants.clear();
        instants.set(key, at);
      }
      return new Date(at);
    },
  };
}
