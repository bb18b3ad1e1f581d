import { asc, sql } from 'drizzle-orm';
import { priceOrder } from '../../../contract/pricing.ts';
import type { Database } from '../client.ts';
import { menuItems } from '../schema.ts';

/** A busy restaurant's year (`npm run seed:volume`); tests use smaller numbers. */
export interface Volume {
  customers: number;
  /** Each with two lines from the menu, spread over the last year and over every stage. */
  orders: number;
  reservations: number;
}

export const A_YEAR: Volume = { customers: 20_000, orders: 100_000, reservations: 10_000 };

/** A_YEAR's shape at `orders` orders: a customer for every five, a booking for every ten. */
export const volumeOf = (orders: number): Volume => ({
  customers: Math.ceil(orders / 5),
  orders,
  reservations: Math.ceil(orders / 10),
});

/** Marks what seedVolume wrote, so that a second run adds to it under new names. */
const PREFIX = 'volume';

/** A PostgreSQL array literal of integers: a whole column in one parameter. */
const intArray = (values: readonly number[]): string => `{${values.join(',')}}`;

/**
 * Each order's two lines (the menu's nth item, by id, and how many) and its total, priced by the shop's
 * one rule (contract/pricing.ts) rather than restated in SQL. Order i is the (i-1)th.
 */
function priceOrders(menu: ReadonlyArray<{ priceCents: number }>, count: number) {
  const order: number[] = [];
  const item: number[] = [];
  const quantity: number[] = [];
  const totals: number[] = [];
  if (menu.length === 0 && count > 0) throw new Error('Seeding orders needs a menu: seed the menu first');
  for (let i = 1; i <= count; i += 1) {
    const lines = [0, 1].map((k) => {
      const n = (i * 31 + k * 17) % menu.length;
      return { n, priceCents: menu[n]!.priceCents, quantity: 1 + ((i + k) % 3) };
    });
    for (const line of lines) {
      order.push(i);
      item.push(line.n);
      quantity.push(line.quantity);
    }
    totals.push(priceOrder(lines).totalCents);
  }
  return { order, item, quantity, totals };
}

/**
 * Adds `volume` of customers, orders and bookings in one transaction, the rows written in SQL
 * (generate_series, and the orders' lines and totals as arrays). The orders move no stock: an unpaid
 * one is written as expired (its reservation released), so the expiry sweep never gives back stock
 * these orders never took.
 * Needs a menu (the lines are its items).
 */
export async function seedVolume(db: Database, volume: Volume): Promise<void> {
  await db.transaction(async (tx) => {
    const run = `${PREFIX}-${Date.now().toString(36)}`;
    await tx.execute(sql`
      insert into users (uid, display_name, email, role, created_at)
      select ${run} || '-' || i,
             (array['Nadia','Rafi','Tania','Arif','Mitu','Sabbir','Lamia','Imran','Farzana','Tanvir'])[1 + i % 10]
               || ' ' ||
             (array['Rahman','Hossain','Ahmed','Khan','Islam','Chowdhury','Akter','Siddique'])[1 + i % 8],
             ${run} || '.' || i || '@example.com',
             'user',
             now() - random() * interval '730 days'
      from generate_series(1, ${volume.customers}::int) as i`);
    const menu = await tx
      .select({ priceCents: menuItems.priceCents })
      .from(menuItems)
      .orderBy(asc(menuItems.id));
    const priced = priceOrders(menu, volume.orders);
    await tx.execute(sql`
      with menu as (
        select row_number() over (order by id) - 1 as n, id, name, category, price_cents from menu_items
      ),
      placed as (
        select i,
               gen_random_uuid() as id,
               now() - random() * interval '365 days' as created_at,
               1 + (i * 7919) % greatest(${volume.customers}::int, 1) as customer,
               -- every stage: 15 % unpaid (lapsed), 25 % paid, 55 % through the kitchen, 5 % refund due
               case when (i * 37) % 100 < 15 then 'expired'
                    when (i * 37) % 100 < 40 then 'paid'
                    when (i * 37) % 100 < 70 then 'accepted'
                    when (i * 37) % 100 < 80 then 'preparing'
                    when (i * 37) % 100 < 85 then 'out_for_delivery'
                    when (i * 37) % 100 < 95 then 'delivered'
                    else 'refund_due' end as state
        from generate_series(1, ${volume.orders}::int) as i
      ),
      lines as (
        select p.id as order_id, m.id as item_id, m.name, m.category, m.price_cents, l.quantity
        from unnest(${intArray(priced.order)}::int[], ${intArray(priced.item)}::int[],
                    ${intArray(priced.quantity)}::int[]) as l(i, n, quantity)
        join placed p on p.i = l.i
        join menu m on m.n = l.n
      ),
      totals as (
        select t.i, t.total from unnest(${intArray(priced.totals)}::int[]) with ordinality as t(total, i)
      ),
      orders_in as (
        insert into orders (id, user_uid, order_time, created_at, full_name, email, phone, address, city,
                            postcode, transaction_id, total_cents, state, paid_at)
        select p.id, u.uid,
               to_char(p.created_at, 'FMMonth DD,YYYY HH12:MI:SS AM'),
               p.created_at, u.display_name, u.email, '+880 1711 ' || lpad((p.i % 1000000)::text, 6, '0'),
               (1 + p.i % 120) || ' Road ' || (1 + p.i % 27) || ', Dhanmondi', 'Dhaka', '1205',
               'PZ' || upper(substr(md5(p.id::text), 1, 24)),
               t.total,
               p.state, case when p.state <> 'expired' then p.created_at + interval '2 minutes' end
        from placed p
        join totals t on t.i = p.i
        join users u on u.uid = ${run} || '-' || p.customer
        returning id
      )
      insert into order_lines (order_id, item_id, name, category, price_cents, quantity)
      select l.order_id, l.item_id, l.name, l.category, l.price_cents, l.quantity from lines l`);
    // Each order's timeline: a lawful path from its creation to where it stands, a minute a step.
    await tx.execute(sql`
      with paths (state, steps, actors) as (values
        ('expired', array['awaiting_payment', 'expired'], array['checkout', 'job']),
        ('paid', array['awaiting_payment', 'paid'], array['checkout', 'gateway']),
        ('accepted', array['awaiting_payment', 'paid', 'accepted'], array['checkout', 'gateway', 'staff']),
        ('preparing', array['awaiting_payment', 'paid', 'accepted', 'preparing'],
          array['checkout', 'gateway', 'staff', 'staff']),
        ('out_for_delivery', array['awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery'],
          array['checkout', 'gateway', 'staff', 'staff', 'staff']),
        ('delivered', array['awaiting_payment', 'paid', 'accepted', 'preparing', 'out_for_delivery', 'delivered'],
          array['checkout', 'gateway', 'staff', 'staff', 'staff', 'staff']),
        ('refund_due', array['awaiting_payment', 'paid', 'refund_due'], array['checkout', 'gateway', 'staff'])
      )
      insert into order_events (order_id, user_uid, sequence, from_state, to_state, actor, at)
      select o.id, o.user_uid, n, case when n > 1 then p.steps[n - 1] end, p.steps[n], p.actors[n],
             o.created_at + make_interval(mins => n - 1)
      from orders o
      join paths p on p.state = o.state
      cross join lateral generate_series(1, cardinality(p.steps)) as n
      where o.user_uid like ${run} || '-%'
      order by o.created_at, o.id, n`);
    await tx.execute(sql`
      insert into reservations (name, email, persons, date, time, phone, created_at)
      select 'Guest ' || i, ${run} || '.guest' || i || '@example.com', 1 + i % 3,
             (current_date - 365 + (i % 395))::date, lpad((12 + i % 10)::text, 2, '0') || ':00',
             case when i % 2 = 0 then '+880 1811 ' || lpad(i::text, 6, '0') end,
             now() - random() * interval '365 days'
      from generate_series(1, ${volume.reservations}::int) as i`);
  });
  // Fresh statistics, so the planner picks the list indexes from the first query on.
  await db.execute(sql`analyze users, orders, order_lines, order_events, reservations`);
}
