// The owner's delivery areas (Admin → Delivery; contract/delivery.ts): read in checkout's order, saved
// whole. An area kept by its id keeps the orders that went to it; one left out is removed, its orders
// keeping their fee (it is in their total) and losing only the link.
import { asc, inArray, not } from 'drizzle-orm';
import { type Area, type AreasInput, type DeliveryArea, deliveryAreaOf } from '../../../contract/delivery.ts';
import { toCents } from '../../../contract/money.ts';
import type { Database } from '../../db/client.ts';
import { deliveryAreas } from '../../db/schema.ts';
import type { Executor } from './order-stock.ts';

export type AreaRow = typeof deliveryAreas.$inferSelect;

export const areaOfRow = (row: AreaRow): Area => ({
  id: row.id,
  name: row.name,
  postcodes: row.postcodes,
  kind: row.feeKind,
  percent: row.feePercent,
  feeCents: row.feeCents,
  freeAboveCents: row.freeAboveCents,
  minimumCents: row.minimumCents,
  deliveryMinutes: row.deliveryMinutes,
});

/** Every area, in the order checkout looks a postcode up in. */
export async function readAreas(db: Executor): Promise<Area[]> {
  const rows = await db.select().from(deliveryAreas).orderBy(asc(deliveryAreas.position));
  return rows.map(areaOfRow);
}

/** GET /delivery-areas: the areas in the API's form. */
export const listAreas = async (db: Executor): Promise<DeliveryArea[]> =>
  (await readAreas(db)).map(deliveryAreaOf);

/**
 * PUT /admin-delivery-areas: the owner's whole list, in one transaction. An id that is not one of the
 * areas is taken as a new area (a list saved from a stale page must not fail on an area removed meanwhile).
 */
export function saveAreas(db: Database, { areas }: AreasInput): Promise<DeliveryArea[]> {
  return db.transaction(async (tx) => {
    const known = new Set(
      (await tx.select({ id: deliveryAreas.id }).from(deliveryAreas)).map((row) => row.id),
    );
    const kept = areas.flatMap((area) => (area._id && known.has(area._id) ? [area._id] : []));
    await tx
      .delete(deliveryAreas)
      .where(kept.length === 0 ? undefined : not(inArray(deliveryAreas.id, kept)));
    for (const [position, area] of areas.entries()) {
      const values = {
        name: area.name,
        postcodes: [...new Set(area.postcodes)],
        feeKind: area.feeKind,
        feePercent: area.feePercent,
        feeCents: toCents(area.fee),
        freeAboveCents: area.freeAbove === null ? null : toCents(area.freeAbove),
        minimumCents: toCents(area.minimum),
        deliveryMinutes: area.deliveryMinutes,
        position,
      };
      if (area._id && known.has(area._id)) {
        await tx
          .update(deliveryAreas)
          .set(values)
          .where(inArray(deliveryAreas.id, [area._id]));
      } else {
        await tx.insert(deliveryAreas).values(values);
      }
    }
    return listAreas(tx);
  });
}
