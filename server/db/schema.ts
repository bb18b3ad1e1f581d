import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { DEFAULT_ROOM_SETTINGS, MAX_TABLE_SEATS } from '../../contract/booking.ts';
import { BOOKING_ACTORS, BOOKING_STATES } from '../../contract/booking-lifecycle.ts';
import { DEFAULT_DELIVERY_MINUTES, FEE_KINDS } from '../../contract/delivery.ts';
import { DEFAULT_KITCHEN_SETTINGS } from '../../contract/kitchen.ts';
import { ITEM_CATEGORIES, type ItemCategory, LOW_STOCK } from '../../contract/menu.ts';
import { ORDER_STAGES } from '../../contract/order.ts';
import {
  ACCEPTED_STATES,
  CASH_PAID_STATES,
  KITCHEN_COLUMNS,
  ORDER_STATES,
  ORDER_TYPES,
  type OrderState,
  PAID_STATES,
  PAYMENT_METHODS,
  STOCK_HOLDING_STATES,
} from '../../contract/order-lifecycle.ts';
import { WAITING_STATES } from '../../contract/owners-day.ts';
import { PROMO_KINDS } from '../../contract/promotions.ts';

/** `state in ('a', 'b', …)`, for the columns derived from an order's one state. */
const stateInText = (states: readonly OrderState[]) => `state in (${states.map((s) => `'${s}'`).join(', ')})`;
const stateIn = (states: readonly OrderState[]) => sql.raw(stateInText(states));

/** What a staff search of users looks in (lower case, for the trigram index). */
export const userSearchText = (t: { displayName: AnyColumn; email: AnyColumn }) =>
  sql`lower(${t.displayName} || ' ' || ${t.email})`;
/** What Manage items' search looks in: the item's name, lower case (for the trigram index). */
export const itemSearchText = (t: { name: AnyColumn }) => sql`lower(${t.name})`;
/**
 * Manage items' stock filters, their constants written into the SQL (not sent as parameters) so the
 * planner can prove either implies menu_items_low_created_idx's condition.
 */
export const soldOut = (t: { quantity: AnyColumn }) => sql`${t.quantity} = 0`;
export const lowStock = (t: { quantity: AnyColumn }) => sql`${t.quantity} <= ${sql.raw(String(LOW_STOCK))}`;
/** What a staff search of orders looks in: the transaction id, the customer's name and e-mail. */
export const orderSearchText = (t: { transactionId: AnyColumn; fullName: AnyColumn; email: AnyColumn }) =>
  sql`lower(${t.transactionId} || ' ' || ${t.fullName} || ' ' || ${t.email})`;

/**
 * A mail's recipient as one mailbox: lower case, without a '+tag', dots or hyphens before the '@'
 * (nadia+1@…, Nadia@…, na.dia@… and na-dia@… count as one: Gmail ignores dots, Yahoo takes a
 * '-keyword', most take a '+tag'), as the booking limit's e-mail key counts them (mailboxOf in
 * middleware/rate-limit.ts). The booking mail's daily cap counts by it; folding too much only tightens
 * a cap of five a day.
 */
export const recipientMailbox = (address: AnyColumn | SQL) =>
  sql`lower(translate(split_part(split_part(${address}, '@', 1), '+', 1), '.-', '') || substring(${address} from '@[^@]*$'))`;

// Money is stored as integer minor units (cents): exact, and summed without drift.

export const itemCategory = pgEnum('item_category', ITEM_CATEGORIES);

// Lists are read newest first a page at a time (contract/paging.ts): each has an index on
// (created_at, id), the cursor's order, under any equality filter it takes; searches use trigrams.

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull().unique(),
    displayName: text('display_name').notNull().default(''),
    /** As the identity provider's ID token gave it; '' when the account has none (anonymous, phone). */
    email: text('email').notNull().default(''),
    /** The provider vouched for `email` (the token's email_verified): only then does it prove anything. */
    emailVerified: boolean('email_verified').notNull().default(false),
    photoURL: text('photo_url').notNull().default(''),
    role: text('role').notNull().default('user'),
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The identity provider's word on the account, shared by every API process (services/provider-check.ts).
    /** When a process last took its turn to ask the provider; moved by a conditional UPDATE. */
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the provider last said the account is active (registration and sign-in say so too). */
    providerConfirmedAt: timestamp('provider_confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's last answer was that the account is disabled or gone: its API tokens are refused. */
    providerBlocked: boolean('provider_blocked').notNull().default(false),
  },
  (t) => [
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_customers_created_idx').on(t.createdAt, t.id).where(sql`${t.role} = 'user'`),
    index('users_admins_created_idx').on(t.createdAt, t.id).where(sql`${t.role} <> 'user'`),
    index('users_search_idx')
      .using('gin', sql`${userSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

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
    /**
     * The stock Manage items' "Sold out" replaced, so "Back in stock" can put it back; null when the
     * item is not marked sold out that way (services/item-stock.ts).
     */
    restockQuantity: integer('restock_quantity'),
  },
  (t) => [
    check('menu_items_price_positive', sql`${t.priceCents} > 0`),
    check('menu_items_stock_not_negative', sql`${t.quantity} >= 0`),
    index('menu_items_category_created_idx').on(t.category, t.createdAt),
    index('menu_items_created_idx').on(t.createdAt, t.id),
    // Sold out (0) is low stock too: this one index serves both of Manage items' stock filters.
    index('menu_items_low_created_idx').on(t.createdAt, t.id).where(lowStock(t)),
    index('menu_items_search_idx')
      .using('gin', sql`${itemSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * One row: the menu's versions. Every change to menu_items moves `version`, in the same transaction;
 * a change to what the listing pages show (an item added, deleted or re-described, sold out or back in
 * stock) moves `listing` too; both are announced on the channel 'menu_version' (a deferred trigger,
 * migrations 0002 and 0005). The menu answers and the public pages are cached by them (server/api/cache/).
 */
export const menuVersion = pgTable(
  'menu_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
    /** The transaction that last moved it: one move per transaction, however many rows it changed. */
    lastTransaction: bigint('last_transaction', { mode: 'number' }),
    listing: bigint('listing', { mode: 'number' }).notNull().default(1),
    /** The transaction that last moved `listing`. */
    listingTransaction: bigint('listing_transaction', { mode: 'number' }),
  },
  (t) => [check('menu_version_one_row', sql`${t.id} = 1`)],
);

/**
 * An item's option groups (Size, Crust, Extra toppings), in the page's order. Changes to them and to
 * their choices move the menu's versions like a change to the item (migration 0016's trigger), as its
 * page and answers show them.
 */
export const optionGroups = pgTable(
  'option_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => menuItems.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull().default(1),
    position: integer('position').notNull(),
  },
  (t) => [
    index('option_groups_item_idx').on(t.itemId, t.position),
    check(
      'option_groups_bounds',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= 1 and ${t.minChoices} <= ${t.maxChoices} and ${t.required} = (${t.minChoices} >= 1)`,
    ),
  ],
);

/** A group's choices, in its order: what each adds to the item's price, whether it is taken by default. */
export const optionChoices = pgTable(
  'option_choices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => optionGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Added to the item's price per unit (below 0 for a smaller size). */
    priceDeltaCents: integer('price_delta_cents').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** false: sold out today, as the owner marked it. */
    available: boolean('available').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [index('option_choices_group_idx').on(t.groupId, t.position)],
);

/**
 * A line is an item with its chosen options and instructions: the same three again raise its quantity
 * (the unique index), other choices make another line. `choice_ids` is kept sorted, so the same choices
 * in any order are the same line; no foreign key can reach into it, so removing a choice deletes the
 * lines that chose it (services/item-options.ts), as deleting an item deletes its lines.
 */
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
    choiceIds: uuid('choice_ids').array().notNull().default(sql`'{}'::uuid[]`),
    instructions: text('instructions').notNull().default(''),
  },
  (t) => [
    uniqueIndex('cart_lines_user_item_choices_idx').on(t.userUid, t.itemId, t.choiceIds, t.instructions),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The additions a customer sent with a key of their own (contract/cart.ts, `addKey`): the same key again
 * adds nothing. Kept a day, pruned by the customer's next keyed addition.
 */
export const cartAdds = pgTable(
  'cart_adds',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.key] })],
);

/**
 * Where the shop delivers (Admin → Delivery; contract/delivery.ts): checkout finds a postcode's area in
 * `position` order, the first listing it, else the first listing none. Seeded with one area listing none
 * at the spec’s 5 % and no minimum (migration 0019), so a fresh shop delivers everywhere as the spec does.
 */
export const deliveryAreas = pgTable(
  'delivery_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Normalised postcodes (contract/delivery.ts, normalPostcode); none: every postcode no other lists. */
    postcodes: text('postcodes').array().notNull().default(sql`'{}'::text[]`),
    feeKind: text('fee_kind', { enum: FEE_KINDS }).notNull().default('percent'),
    feePercent: integer('fee_percent').notNull().default(5),
    feeCents: integer('fee_cents').notNull().default(0),
    freeAboveCents: integer('free_above_cents'),
    minimumCents: integer('minimum_cents').notNull().default(0),
    deliveryMinutes: integer('delivery_minutes').notNull().default(DEFAULT_DELIVERY_MINUTES),
    position: integer('position').notNull(),
  },
  (t) => [
    check(
      'delivery_areas_rule',
      sql`${t.feeKind} in ('percent', 'fixed') and ${t.feePercent} between 0 and 100 and ${t.feeCents} >= 0 and ${t.minimumCents} >= 0 and (${t.freeAboveCents} is null or ${t.freeAboveCents} >= 0) and ${t.deliveryMinutes} between 0 and 240`,
    ),
  ],
);

/**
 * The shop's week (Admin → Hours; contract/opening-hours.ts): a row a weekday, 0 Sunday to 6 Saturday,
 * its wall-clock times 'HH:MM'. Ordering and bookings read it; seeded with 6:00–22:00, Sunday closed.
 */
export const openingHours = pgTable(
  'opening_hours',
  {
    day: integer('day').primaryKey(),
    opens: text('opens').notNull(),
    closes: text('closes').notNull(),
    closed: boolean('closed').notNull().default(false),
  },
  (t) => [check('opening_hours_day', sql`${t.day} between 0 and 6 and ${t.opens} < ${t.closes}`)],
);

/** Dates the shop stays closed whatever the weekday (holidays), with the owner's note. */
export const closedDates = pgTable('closed_dates', {
  date: date('date', { mode: 'string' }).primaryKey(),
  note: text('note').notNull().default(''),
});

/**
 * One row: the kitchen's rules (contract/kitchen.ts, KitchenSettings): what it makes in a 15-minute slot,
 * each category's preparation time (a category missing takes DEFAULT_PREP_MINUTES), and the busy switch.
 */
export const kitchenSettings = pgTable(
  'kitchen_settings',
  {
    id: integer('id').primaryKey().default(1),
    slotOrders: integer('slot_orders').notNull().default(DEFAULT_KITCHEN_SETTINGS.slotOrders),
    slotPizzas: integer('slot_pizzas'),
    prepMinutes: jsonb('prep_minutes').$type<Partial<Record<ItemCategory, number>>>().notNull().default({}),
    busy: boolean('busy').notNull().default(false),
    busyMinutes: integer('busy_minutes').notNull().default(DEFAULT_KITCHEN_SETTINGS.busyMinutes),
  },
  (t) => [
    check('kitchen_settings_one_row', sql`${t.id} = 1`),
    check(
      'kitchen_settings_bounds',
      sql`${t.slotOrders} >= 1 and (${t.slotPizzas} is null or ${t.slotPizzas} >= 1) and ${t.busyMinutes} >= 0`,
    ),
  ],
);

/**
 * One row: how customers may pay (contract/payment-settings.ts). Online is on and cash off until the
 * owner says otherwise, so a fresh shop takes the spec's path; cash may be limited to orders under an
 * amount and to customers with a delivered (or collected) order.
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: integer('id').primaryKey().default(1),
    online: boolean('online').notNull().default(true),
    cash: boolean('cash').notNull().default(false),
    /** Cash only for orders whose total is below this; null: any total. */
    cashMaxCents: integer('cash_max_cents'),
    cashRegularsOnly: boolean('cash_regulars_only').notNull().default(false),
    /** A cash order the kitchen has not accepted within this many minutes is released (the sweep). */
    cashAcceptMinutes: integer('cash_accept_minutes').notNull().default(15),
  },
  (t) => [
    check('payment_settings_one_row', sql`${t.id} = 1`),
    check('payment_settings_a_method', sql`${t.online} or ${t.cash}`),
    check('payment_settings_max_positive', sql`${t.cashMaxCents} is null or ${t.cashMaxCents} > 0`),
  ],
);

/** The one-time seeds a database has had (by name), so one an owner has since undone never comes back. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The owner's promo codes (Admin → Promotions; contract/promotions.ts). A use is held by an order while
 * the order holds its stock (awaiting payment, then paid to delivered), so uses are counted from the
 * orders, never kept in a counter that could drift; checkout counts them under this row's lock
 * (services/promotions.ts). Codes are never deleted, only switched off: orders keep pointing at them.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper case, as customers' codes are compared. */
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** The percent (1–100), or the cents a fixed code takes off. */
    amount: integer('amount').notNull(),
    minFoodCents: integer('min_food_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** null: no limit. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    /** null: any order type. */
    orderType: text('order_type', { enum: ORDER_TYPES }),
    /** Empty: every line; else only these categories' lines are discounted. */
    categories: itemCategory('categories').array().notNull().default(sql`'{}'::item_category[]`),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promotions_code_idx').on(t.code),
    index('promotions_created_idx').on(t.createdAt, t.id),
    check('promotions_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promotions_amount', sql`${t.amount} >= 1 and (${t.kind} <> 'percent' or ${t.amount} <= 100)`),
    check(
      'promotions_limits',
      sql`${t.minFoodCents} >= 0 and ${t.maxUses} >= 1 and ${t.maxUsesPerCustomer} >= 1`,
    ),
    check('promotions_window', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** The code a customer put on their cart: priced on every read of it, taken by their checkout. */
export const cartPromos = pgTable('cart_promos', {
  userUid: text('user_uid')
    .primaryKey()
    .references(() => users.uid, { onDelete: 'cascade' }),
  promotionId: uuid('promotion_id')
    .notNull()
    .references(() => promotions.id, { onDelete: 'cascade' }),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Orders outlive their customer's account: the restaurant keeps its books. Null for an order staff
    // took by phone for a caller with no account (takenBy says who took it).
    userUid: text('user_uid'),
    /** The customer's clock, as sent ('MMMM DD,YYYY hh:mm:ss A'). */
    orderTime: text('order_time').notNull(),
    /** The staff member (uid) who took it by phone; null for a customer's own checkout. */
    takenBy: text('taken_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    /**
     * Where the checkout came from (the caller's address, an IPv6 one as its /64): what an address's
     * unpaid orders hold is bounded (services/holds.ts). Null for orders placed before it was kept.
     */
    clientAddress: text('client_address'),
    transactionId: text('transaction_id').notNull().unique(),
    totalCents: integer('total_cents').notNull(),
    /** Brought to the door or collected at the counter: which end of the lifecycle it takes. */
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull().default('delivery'),
    /** The area a delivery went to (its fee and minimum were that area's at checkout). */
    deliveryAreaId: uuid('delivery_area_id').references(() => deliveryAreas.id, { onDelete: 'set null' }),
    /** The customer chose a later slot rather than as soon as possible. */
    scheduled: boolean('scheduled').notNull().default(false),
    /**
     * The 15-minute slot of the kitchen's it holds while on its way (its state one of
     * STOCK_HOLDING_STATES), counted against the slot's capacity; null for orders from before slots.
     */
    slotAt: timestamp('slot_at', { withTimezone: true }),
    /** Units of pizza in it: what a slot's pizza capacity counts. */
    pizzaUnits: integer('pizza_units').notNull().default(0),
    /** When the kitchen should start on it, have it ready, and when the customer was told to expect it. */
    startAt: timestamp('start_at', { withTimezone: true }),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /**
     * When it is due as the customer was told at checkout, in the shop's wall clock ('Monday 30 November
     * at 7:30pm'): the paid mail says it (the mail knows no time zone).
     */
    dueText: text('due_text'),
    /**
     * Where the order is in its life (contract/order-lifecycle.ts): the one thing stored. Every change
     * is a conditional UPDATE with its row in order_events, in one transaction
     * (services/order-lifecycle.ts); the flags below are read-only views of it.
     */
    state: text('state', { enum: ORDER_STATES }).notNull().default('awaiting_payment'),
    /**
     * Paid online at the gateway (the spec's way) or in cash at the door or the counter: a cash order
     * skips awaiting payment and is paid when staff mark the cash taken.
     */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull().default('online'),
    /** The spec's payment_status: paid or later; a cash order once the cash is taken. */
    paymentStatus: boolean('payment_status').generatedAlwaysAs(
      sql.raw(
        `case when payment_method = 'cash' then ${stateInText(CASH_PAID_STATES)} else ${stateInText(PAID_STATES)} end`,
      ),
    ),
    /** The spec's status ('Order Confirm'): accepted or later. */
    status: boolean('status').generatedAlwaysAs(sql`${stateIn(ACCEPTED_STATES)}`),
    /** The stock it reserved at checkout has been given back (or was never taken again). */
    stockReleased: boolean('stock_released').generatedAlwaysAs(sql`not ${stateIn(STOCK_HOLDING_STATES)}`),
    /** The restaurant owes the customer their money back. */
    refundDue: boolean('refund_due').generatedAlwaysAs(sql`state = 'refund_due'`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When an unpaid order stops holding its stock (the expiry sweep gives it back), set at checkout by
     * the customer's standing (services/hold-standing.ts); null: HOLD_MINUTES after it was created.
     */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** The gateway's own reference for the validated payment (SSLCommerz val_id). */
    gatewayValId: text('gateway_val_id'),
    /**
     * The payment came while the owner had closed the shop: the money is taken, so the order is paid,
     * and the kitchen chooses to cook it or to cancel it (refund due). Written when the payment is.
     */
    paidAfterClosing: boolean('paid_after_closing').notNull().default(false),
    /** The promo code checkout priced it with (its use held while the order holds its stock). */
    promotionId: uuid('promotion_id').references(() => promotions.id),
    /** The code as it was, for the order's own record. */
    promoCode: text('promo_code'),
    /** What the code took off the food; total_cents is food − this + shipping. */
    discountCents: integer('discount_cents').notNull().default(0),
    /**
     * The short number called across the kitchen: #1, #2 … of the shop's calendar day `orderDay`
     * (SHOP_TIME_ZONE), taken from order_numbers in the insert's own statement (services/checkout.ts
     * insertOrder). Both null for orders from before numbers.
     */
    orderDay: date('order_day', { mode: 'string' }),
    orderNumber: integer('order_number'),
    /** Where the order stands, derived from the flags above: what Manage orders filters by. */
    stage: text('stage', { enum: ORDER_STAGES }).generatedAlwaysAs(
      sql.raw(
        `case when state = 'refund_due' then 'refund_due' when ${stateInText(ACCEPTED_STATES)} then 'confirmed' when ${stateInText(PAID_STATES)} then 'paid' else 'unpaid' end`,
      ),
    ),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userUid, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_stage_created_idx').on(t.stage, t.createdAt, t.id),
    index('orders_search_idx')
      .using('gin', sql`${orderSearchText(t)} gin_trgm_ops`)
      .with({ fastupdate: false }),
    // The expiry sweep looks only at open reservations.
    index('orders_open_reservations_idx').on(t.createdAt).where(sql`${t.state} = 'awaiting_payment'`),
    index('orders_state_created_idx').on(t.state, t.createdAt, t.id),
    check('orders_state_known', stateIn(ORDER_STATES)),
    check('orders_discount_not_negative', sql`${t.discountCents} >= 0`),
    // A code's uses, in all and per customer: counted under its lock at checkout.
    index('orders_promotion_uses_idx')
      .on(t.promotionId, t.state, t.userUid)
      .where(sql`${t.promotionId} is not null`),
    // The owner's day (services/owners-day.ts): paid today; the orders on the kitchen board, every field
    // its lanes, waits and cash are counted from, read from the index alone.
    index('orders_paid_idx').on(t.paidAt).where(sql`${t.paidAt} is not null`),
    index('orders_board_idx')
      .on(t.state, t.scheduled, t.startAt, t.paymentMethod, t.totalCents, t.paidAt, t.createdAt)
      .where(stateIn(KITCHEN_COLUMNS)),
    // The kitchen's queue (services/slots.ts): scheduled orders count once they are due to be started.
    index('orders_scheduled_waiting_idx')
      .on(t.startAt)
      .where(sql.raw(`scheduled and ${stateInText(WAITING_STATES)}`)),
    check('orders_type_known', sql.raw(`order_type in (${ORDER_TYPES.map((t) => `'${t}'`).join(', ')})`)),
    check(
      'orders_payment_method_known',
      sql.raw(`payment_method in (${PAYMENT_METHODS.map((m) => `'${m}'`).join(', ')})`),
    ),
    // Manage orders' payment method filter, newest first.
    index('orders_method_created_idx').on(t.paymentMethod, t.createdAt, t.id),
    // Two orders of a day never share a number; Manage orders' search finds the day's number by it.
    uniqueIndex('orders_day_number_idx').on(t.orderDay, t.orderNumber),
  ],
);

/**
 * The last order number given on each of the shop's days: an order's insert takes the next with
 * `insert … on conflict (day) do update set last = last + 1 returning last` in its own statement, so
 * the row's lock makes every API instance's checkouts of a day take turns, and a day's first order
 * starts again at 1. A checkout rolled back gives its number back; one undone later (the gateway
 * failed) or never paid leaves a gap.
 */
export const orderNumbers = pgTable('order_numbers', {
  day: date('day', { mode: 'string' }).primaryKey(),
  last: integer('last').notNull(),
});

/**
 * How full each slot is: the orders holding it and their units of pizza (services/slots.ts). Kept by
 * a trigger on orders (migration 0024) in the same transaction as every change of an order's slot,
 * state or pizzas, so it never differs from counting the orders, and checkout reads a row, under its
 * lock, instead of counting a slot's orders one by one.
 */
export const slotLoads = pgTable('slot_loads', {
  slotAt: timestamp('slot_at', { withTimezone: true }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  pizzas: integer('pizzas').notNull().default(0),
});

/**
 * The orders as soon as possible in the kitchen's queue (paid, accepted or being prepared, not
 * scheduled), kept by a trigger on orders (migration 0025), so that an estimate reads a few rows instead
 * of counting every order waiting. Kept in KITCHEN_QUEUE_SHARDS rows, an order counted in the row its id
 * falls to: every payment moves the count, and a single row's lock would queue payments one behind the
 * other to their commits.
 */
export const kitchenQueue = pgTable('kitchen_queue', {
  shard: integer('shard').primaryKey(),
  orders: integer('orders').notNull().default(0),
});

/**
 * Every change of an order's state, appended and never changed: the timeline staff and customers read,
 * and the events the live streams send (their SSE id is `id`). A trigger announces each new row with
 * NOTIFY order_events, so every API process hears it (migration 0004).
 */
export const orderEvents = pgTable(
  'order_events',
  {
    /**
     * Drawn at commit (migration 0009's trigger, from order_events_id_seq), so that ids commit in the
     * order they are drawn; until then the row holds a negative placeholder.
     */
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`-nextval('order_events_pending_id_seq')`),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's owner, copied so a customer's stream reads its events by one index (none: a phone order's). */
    userUid: text('user_uid'),
    /** 1, 2, 3… within the order. */
    sequence: integer('sequence').notNull(),
    fromState: text('from_state', { enum: ORDER_STATES }),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    /** gateway, job, customer, staff, or checkout (the order's creation). */
    actor: text('actor').notNull(),
    actorUid: text('actor_uid'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [
    uniqueIndex('order_events_order_sequence_idx').on(t.orderId, t.sequence),
    index('order_events_user_idx').on(t.userUid, t.id),
    // The owner's day: the orders sent out today, to time them from their payment.
    index('order_events_to_at_idx').on(t.toState, t.at),
  ],
);

/**
 * Mail to send, written in the same transaction as what it tells (an order's change, a booking), so
 * nothing is lost; a worker delivers it (services/mail-outbox.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What it tells: order_paid, order_out_for_delivery, order_delivered, order_cancelled; booking (a
     * booking's confirmation, capped per mailbox), booking_answer, booking_changed, booking_cancelled,
     * booking_reminder.
     */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    state: text('state', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('mail_outbox_order_idx').on(t.orderId),
    index('mail_outbox_booking_recipient_idx')
      .on(recipientMailbox(t.toAddress), t.createdAt)
      .where(sql`${t.kind} = 'booking'`),
  ],
);

/** A chosen option as an order line keeps it (contract/options.ts, LineChoice), its delta in cents. */
export interface ChoiceSnapshot {
  group: string;
  name: string;
  priceDeltaCents: number;
  extra: boolean;
}

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
    /** The unit price paid: the item's with its options' deltas, at checkout. */
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The cart line this was ordered from (no foreign key: the cart line goes once the order is paid). */
    cartLineId: uuid('cart_line_id'),
    /** The options chosen, their names and deltas (in cents) as they were at checkout. */
    options: jsonb('options').$type<ChoiceSnapshot[]>().notNull().default([]),
    instructions: text('instructions').notNull().default(''),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * Table bookings: stored with their time (the restaurant's wall clock, `date` and `time`) and, since the
 * room was modelled (migration 0015), the instants that time stands for in the shop's time zone, the
 * tables they sit at (reservation_tables) and every change of their state (reservation_events).
 * Bookings stored before then have no reference, instants or tables.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** '' for a walk-in, who gives none. */
    email: text('email').notNull(),
    persons: integer('persons').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    time: text('time'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the guest quotes and their link names (services/booking-reference.ts). */
    reference: text('reference'),
    /** Where it is in its life (contract/booking-lifecycle.ts); changed with its event, in one transaction. */
    state: text('state', { enum: BOOKING_STATES }).notNull().default('booked'),
    /** Came in without a booking: seated by staff at once. */
    walkIn: boolean('walk_in').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** When its stay ends: its signed link works until then. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /**
     * Its confirmation went to the outbox (a mailbox over its day's share gets none): only then do the
     * owner's answer and the reminder follow it, so a stranger's bookings can not make the shop mail more.
     */
    mailed: boolean('mailed').notNull().default(false),
    /** Its reminder was queued: by one process, once (services/booking-reminders.ts). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    check('reservations_persons_range', sql`${t.persons} between 1 and ${sql.raw(String(MAX_TABLE_SEATS))}`),
    check(
      'reservations_state_known',
      sql.raw(`state in (${BOOKING_STATES.map((state) => `'${state}'`).join(', ')})`),
    ),
    index('reservations_created_idx').on(t.createdAt, t.id),
    index('reservations_date_created_idx').on(t.date, t.createdAt, t.id),
    uniqueIndex('reservations_reference_idx').on(t.reference),
    // The reminder sweep looks only at booked tables whose reminder has not gone.
    index('reservations_reminder_due_idx')
      .on(t.startsAt)
      .where(sql`${t.state} = 'booked' and ${t.remindedAt} is null`),
  ],
);

/**
 * The room: the tables the owner set up (Admin → Tables). A table taken out of the room keeps its row
 * (`removed_at`) for the bookings it had; no new booking is given it.
 */
export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Where it stands (window, terrace…): joinable tables are joined within their section only. */
    section: text('section').notNull(),
    minSeats: integer('min_seats').notNull(),
    maxSeats: integer('max_seats').notNull(),
    joinable: boolean('joinable').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'dining_tables_seats',
      sql`${t.minSeats} between 1 and ${t.maxSeats} and ${t.maxSeats} <= ${sql.raw(String(MAX_TABLE_SEATS))}`,
    ),
    uniqueIndex('dining_tables_name_idx').on(t.name).where(sql`${t.removedAt} is null`),
    index('dining_tables_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * Which tables a booking sits at, for which minutes of its day. Two rows that hold their table may not
 * overlap on it (an exclusion constraint, migration 0015, which drizzle-kit does not model): a double
 * booking is impossible however many API processes book at once. A booking that gave its table back
 * (cancelled, declined, no-show, finished) keeps its rows, `holding` false, for the day view.
 */
export const reservationTables = pgTable(
  'reservation_tables',
  {
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    tableId: uuid('table_id')
      .notNull()
      .references(() => diningTables.id),
    date: date('date', { mode: 'string' }).notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    holding: boolean('holding').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.reservationId, t.tableId] }),
    index('reservation_tables_day_idx').on(t.date, t.tableId),
    check('reservation_tables_span', sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute}`),
  ],
);

/** Every change of a booking's state, appended and never changed: the day view's history of a booking. */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reservationId: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    /** null for the booking's creation. */
    fromState: text('from_state', { enum: BOOKING_STATES }),
    toState: text('to_state', { enum: BOOKING_STATES }).notNull(),
    actor: text('actor', { enum: BOOKING_ACTORS }).notNull(),
    /** The admin's uid; none for a guest. */
    actorUid: text('actor_uid'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
  },
  (t) => [index('reservation_events_reservation_idx').on(t.reservationId, t.id)],
);

/**
 * One row: the room's rules (contract/booking.ts, RoomSettings), set by the owner; its defaults are
 * DEFAULT_ROOM_SETTINGS. `room_seeded` says the seed laid out its room once, so an owner who removed
 * every table does not find them back at the next start.
 */
export const roomSettings = pgTable(
  'room_settings',
  {
    id: integer('id').primaryKey().default(1),
    gridMinutes: integer('grid_minutes').notNull().default(DEFAULT_ROOM_SETTINGS.gridMinutes),
    stayUpTo: integer('stay_up_to').notNull().default(DEFAULT_ROOM_SETTINGS.stayUpTo),
    stayMinutes: integer('stay_minutes').notNull().default(DEFAULT_ROOM_SETTINGS.stayMinutes),
    stayLargerMinutes: integer('stay_larger_minutes')
      .notNull()
      .default(DEFAULT_ROOM_SETTINGS.stayLargerMinutes),
    cancelCutoffMinutes: integer('cancel_cutoff_minutes')
      .notNull()
      .default(DEFAULT_ROOM_SETTINGS.cancelCutoffMinutes),
    reminderMinutes: integer('reminder_minutes').notNull().default(DEFAULT_ROOM_SETTINGS.reminderMinutes),
    confirmByHand: boolean('confirm_by_hand').notNull().default(DEFAULT_ROOM_SETTINGS.confirmByHand),
    roomSeeded: boolean('room_seeded').notNull().default(false),
  },
  (t) => [check('room_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Rate-limit counters, shared by every API process (rate-limiter-flexible's PostgreSQL store). An unlogged
 * table (migration 0006, which drizzle-kit does not model): a count costs no WAL.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** When the window ends, in epoch milliseconds. */
  expire: bigint('expire', { mode: 'number' }),
});

/**
 * One row: whether the owner has closed the shop for orders (the Admin Dashboard's "Shop closed now").
 * Checkout reads it in its transaction; Home, the Menu and checkout show it.
 */
export const shopStatus = pgTable(
  'shop_status',
  {
    id: integer('id').primaryKey().default(1),
    closed: boolean('closed').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shop_status_one_row', sql`${t.id} = 1`)],
);

/**
 * The live order streams open now, a row each, so that every API process counts the same ones against
 * the caps per account and per address (services/stream-slots.ts). Its process renews a row's lease
 * while the stream is open and deletes it when the stream closes; a crashed process's rows lapse.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountUid: text('account_uid').notNull(),
    /** The caller's address as the rate limits key it (middleware/rate-limit.ts, clientAddress). */
    address: text('address').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('open_streams_account_idx').on(t.accountUid, t.leaseUntil),
    index('open_streams_address_idx').on(t.address, t.leaseUntil),
  ],
);
