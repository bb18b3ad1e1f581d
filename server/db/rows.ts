import type { MenuItem } from '../contract/menu.ts';
import type { menuItems } from './schema.ts';

export const toMoney = (cents: number): number => cents / 100;

export function toMenuItem(row: typeof menuItems.$inferSelect): MenuItem {
  return {
    _id: row.id,
    name: row.name,
    price: toMoney(row.priceCents),
    quantity: row.quantity,
    image: row.image,
    category: row.category,
    description: row.description,
  };
}
