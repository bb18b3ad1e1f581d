// The kitchen's rules (contract/kitchen.ts): what it makes in a slot, each category's preparation time,
// and the busy switch the board turns.
import { eq } from 'drizzle-orm';
import { DEFAULT_KITCHEN_SETTINGS, type KitchenSettings } from '../../../contract/kitchen.ts';
import type { Database } from '../../db/client.ts';
import { kitchenSettings } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';

export async function readKitchenSettings(db: Executor): Promise<KitchenSettings> {
  const [row] = await db.select().from(kitchenSettings).where(eq(kitchenSettings.id, 1));
  return kitchenSettingsOf(row);
}

/** The settings of the table's one row. */
export function kitchenSettingsOf(row: typeof kitchenSettings.$inferSelect | undefined): KitchenSettings {
  if (!row) throw new Error('kitchen_settings has no row (migration 0019 inserts it)');
  return {
    slotOrders: row.slotOrders,
    slotPizzas: row.slotPizzas,
    prepMinutes: { ...DEFAULT_KITCHEN_SETTINGS.prepMinutes, ...row.prepMinutes },
    busy: row.busy,
    busyMinutes: row.busyMinutes,
  };
}

/** PUT /admin-kitchen-settings: for the orders placed from then on (an order keeps its times). */
export async function saveKitchenSettings(db: Database, settings: KitchenSettings): Promise<KitchenSettings> {
  await db.update(kitchenSettings).set(settings).where(eq(kitchenSettings.id, 1));
  return readKitchenSettings(db);
}
