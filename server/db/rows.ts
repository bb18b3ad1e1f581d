import type { MenuItem } from '../contract/menu.ts';
import type { Order } from '../contract/order.ts';
import type { User } from '../contract/user.ts';
import type { menuItems, orderLines, orders, users } from './schema.ts';

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

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    uid: row.uid,
    displayName: row.displayName,
    email: row.email,
    photoURL: row.photoURL,
    role: row.role,
    address: row.address,
  };
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export function toOrder(row: OrderRow, lines: OrderLineRow[]): Order {
  return {
    _id: row.id,
    order_time: row.orderTime,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    transaction_id: row.transactionId,
    total_price: toMoney(row.totalCents),
    payment_status: row.paymentStatus,
    status: row.status,
    refund_due: row.refundDue,
    carts: lines.map((line) => ({
      _id: line.id,
      itemId: line.itemId,
      name: line.name,
      category: line.category,
      price: toMoney(line.priceCents),
      quantity: line.quantity,
    })),
  };
}
