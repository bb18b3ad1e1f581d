// The shop's week and closed dates (Admin → Hours; contract/opening-hours.ts), which ordering and
// bookings both read.
import { asc, sql } from 'drizzle-orm';
import { DEFAULT_SHOP_HOURS, type ShopHours } from '../../../contract/opening-hours.ts';
import type { Database } from '../../db/client.ts';
import { closedDates, openingHours } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';

/** The week, Sunday first (a weekday without its row, which migration 0019 seeds, keeps the seed's hours). */
export async function readShopHours(db: Executor): Promise<ShopHours> {
  const days = await db.select().from(openingHours).orderBy(asc(openingHours.day));
  const dates = await db.select().from(closedDates).orderBy(asc(closedDates.date));
  return shopHoursOf(days, dates);
}

/** The hours from the tables' rows. */
export function shopHoursOf(
  days: ReadonlyArray<typeof openingHours.$inferSelect>,
  dates: ReadonlyArray<typeof closedDates.$inferSelect>,
): ShopHours {
  return {
    week: DEFAULT_SHOP_HOURS.week.map((seed) => {
      const row = days.find((day) => day.day === seed.day);
      return row ? { day: row.day, opens: row.opens, closes: row.closes, closed: row.closed } : seed;
    }),
    closedDates: dates.map(({ date, note }) => ({ date, note })),
  };
}

/** PUT /admin-shop-hours: the whole week and the closed dates, as given, in one transaction. */
export function saveShopHours(db: Database, hours: ShopHours): Promise<ShopHours> {
  return db.transaction(async (tx) => {
    await tx
      .insert(openingHours)
      .values(hours.week)
      .onConflictDoUpdate({
        target: openingHours.day,
        set: { opens: sql`excluded.opens`, closes: sql`excluded.closes`, closed: sql`excluded.closed` },
      });
    await tx.delete(closedDates);
    if (hours.closedDates.length > 0) await tx.insert(closedDates).values(hours.closedDates);
    return readShopHours(tx);
  });
}
