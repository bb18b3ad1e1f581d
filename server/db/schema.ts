import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ITEM_CATEGORIES } from '../contract/menu.ts';

// Money is stored as integer minor units (cents / paisa): exact, and summed without drift.

export const itemCategory = pgEnum('item_category', ITEM_CATEGORIES);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  uid: text('uid').notNull().unique(),
  displayName: text('display_name').notNull().default(''),
  email: text('email').notNull().default(''),
  photoURL: text('photo_url').notNull().default(''),
  role: text('role').notNull().default('user'),
  address: text('address').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuItems = pgTable(
  'menu_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    image: text('image').notNull(),
    category: itemCategory('category').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
    check('menu_items_stock_not_negative', sql`${t.quantity} >= 0`),
    index('menu_items_category_created_idx').on(t.category, t.createdAt),
  ],
);

export const cartLines = pgTable(
  'cart_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_user_item_idx').on(t.userUid, t.itemId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Orders outlive their customer's account: the restaurant keeps its books.
    userUid: text('user_uid').notNull(),
    /** The customer's clock, as sent ('MMMM DD,YYYY hh:mm:ss A'). */
    orderTime: text('order_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    transactionId: text('transaction_id').notNull().unique(),
    totalCents: integer('total_cents').notNull(),
    paymentStatus: boolean('payment_status').notNull().default(false),
    status: boolean('status').notNull().default(false),
    /**
     * The stock this order reserved at creation has been given back (payment failed or cancelled, the
     * reservation expired, or the order is being deleted). Set exactly once, by a conditional UPDATE.
     */
    stockReleased: boolean('stock_released').notNull().default(false),
    /**
     * Refund by hand: paid at the gateway after the reservation had lapsed and the stock was gone, or a
     * paid order the admin removed (cancelled; its stock was given back).
     */
    refundDue: boolean('refund_due').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The gateway's own reference for the validated payment (SSLCommerz val_id). */
    gatewayValId: text('gateway_val_id'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userUid, t.createdAt),
    // The expiry sweep looks only at open reservations.
    index('orders_open_reservations_idx')
      .on(t.createdAt)
      .where(sql`${t.paymentStatus} = false and ${t.stockReleased} = false`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => menuItems.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    category: itemCategory('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The cart line this was ordered from (no foreign key: the cart line goes once the order is paid). */
    cartLineId: uuid('cart_line_id'),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    persons: integer('persons').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('reservations_persons_range', sql`${t.persons} between 1 and 3`)],
);
