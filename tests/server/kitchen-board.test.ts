// GET /admin-kitchen-board: the board's one read. Every open order on the board, with its lines, and
// none that has left it; by id, the orders named whatever their state (the board asks for a ticket it
// heard of on the stream).
import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order.ts';
import { KITCHEN_COLUMNS } from '../../contract/order-lifecycle.ts';
import { adminCall, createAdmin, paidOrder, placeOrder } from './support/admin.ts';
import { insertMenuItem } from './support/commerce.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const NO_ORDER = '3f1b6a52-8a43-4c1e-9a65-1f2d3c4b5a69';

const move = (id: string, to: string) =>
  adminCall<Order>(ctx, admin, 'POST', `/admin-order/${id}/transition`, { to });

describe('GET /admin-kitchen-board', () => {
  it('reads every order on the board at once, and none that left it or never reached it', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 50, category: 'pizza' });
    const paid = (await paidOrder(ctx, [{ item, quantity: 2 }])).order;
    const accepted = (await paidOrder(ctx, [{ item, quantity: 1 }])).order;
    expect((await move(accepted.id, 'accepted')).status).toBe(200);
    const delivered = (await paidOrder(ctx, [{ item, quantity: 1 }])).order;
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered'])
      expect((await move(delivered.id, to)).status).toBe(200);
    const unpaid = (await placeOrder(ctx, [{ item, quantity: 1 }])).order;

    const answer = await adminCall<Order[]>(ctx, admin, 'GET', '/admin-kitchen-board');
    expect(answer.status).toBe(200);
    const ids = answer.body.map((order) => order._id);
    expect(ids).toEqual(expect.arrayContaining([paid.id, accepted.id]));
    expect(ids).not.toContain(delivered.id);
    expect(ids).not.toContain(unpaid.id);
    expect(answer.body.every((order) => (KITCHEN_COLUMNS as readonly string[]).includes(order.state))).toBe(
      true,
    );
    const ticket = answer.body.find((order) => order._id === paid.id)!;
    expect(ticket.state).toBe('paid');
    expect(ticket.carts).toEqual([expect.objectContaining({ name: item.name, quantity: 2 })]);
  });

  it('reads the orders named, whatever their state', async () => {
    const item = await insertMenuItem(ctx, { priceCents: 1_000, quantity: 50, category: 'pizza' });
    const paid = (await paidOrder(ctx, [{ item, quantity: 1 }])).order;
    const unpaid = (await placeOrder(ctx, [{ item, quantity: 1 }])).order;
    const answer = await adminCall<Order[]>(
      ctx,
      admin,
      'GET',
      `/admin-kitchen-board?ids=${paid.id},${unpaid.id},${NO_ORDER}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.map((order) => [order._id, order.state]).sort()).toEqual(
      [
        [paid.id, 'paid'],
        [unpaid.id, 'awaiting_payment'],
      ].sort(),
    );
    const refused = await adminCall(ctx, admin, 'GET', '/admin-kitchen-board?ids=nobody');
    expect(refused.status).toBe(400);
  });
});
