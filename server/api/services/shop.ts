import { eq, sql } from 'drizzle-orm';
import type { ShopStatus } from '../../../contract/shop.ts';
import type { Database } from '../../db/client.ts';
import { shopStatus } from '../../db/schema.ts';

export async function setShopClosed(db: Database, closed: boolean): Promise<ShopStatus> {
  const [row] = await db
    .update(shopStatus)
    .set({ closed, changedAt: sql`now()` })
    .where(eq(shopStatus.id, 1))
    .returning({ closed: shopStatus.closed });
  return { closed: row?.closed ?? closed };
}
