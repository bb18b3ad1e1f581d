import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER } from '../../contract/names.ts';
import { DEFAULT_PAYMENT_SETTINGS } from '../../contract/payment-settings.ts';
import { mailboxOf } from '../../server/api/middleware/rate-limit.ts';
import { BOOKING_MAILS_PER_DAY } from '../../server/api/services/booking-mail.ts';
import { MAIL_NAME_MAX, MAIL_PLACE_MAX, mailText } from '../../server/api/services/mail-outbox.ts';
import { mailOutbox, orders, recipientMailbox, reservations, users } from '../../server/db/schema.ts';
import { apiTokenFor, insertUserRow } from './support/accounts.ts';
import { adminCall, createAdmin, payOrder, placeOrder } from './support/admin.ts';
import {
  addToCart,
  type Customer,
  call,
  checkout,
  checkoutBody,
  insertMenuItem,
  type MenuItemRow,
  orderByTransaction,
  transactionIdOf,
} from './support/commerce.ts';
import { bookingSlot } from './support/dates.ts';
import { fixture, sharedTestContext } from './support/test-app.ts';

// The shop mails no one a stranger chose: order mail goes to the account's verified e-mail only, a
// customer's own cancellation sends nothing, booking mail is capped per mailbox and day, and whatever
// someone typed reaches a mail cut short and without control characters.

const ctx = sharedTestContext();
const admin = fixture(() => createAdmin(ctx));

const VICTIM = 'victim@example.com';
const SPAM = 'Cheap pills at http://spam.example';

/** A customer of the given kind, with an API token; `email` is the account's own. */
async function customer(fields: Partial<typeof users.$inferInsert>): Promise<Customer & { email: string }> {
  const user = await insertUserRow(ctx, { role: 'user', ...fields });
  return { uid: user.uid, email: user.email, token: await apiTokenFor(ctx, user.uid) };
}

/** The review's checkout: the victim's address and the spammer's text in the shipping form. */
async function spamCheckout(buyer: Customer, item?: MenuItemRow) {
  const bought = item ?? (await insertMenuItem(ctx, { quantity: 50 }));
  if (!item) await addToCart(ctx, buyer, bought, 1);
  const answer = await checkout(
    ctx,
    buyer,
    checkoutBody([{ item: bought, quantity: 1 }], { email: VICTIM, fullName: SPAM }),
  );
  expect(answer.status).toBe(200);
  return (await orderByTransaction(ctx, transactionIdOf(answer.body.url!)))!;
}

const mailOf = (orderId: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId)).orderBy(asc(mailOutbox.id));
const mailTo = (address: string) =>
  ctx.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.toAddress}) = lower(${address})`);

const staffMove = (orderId: string, to: string) =>
  adminCall(ctx, admin, 'POST', `/admin-order/${orderId}/transition`, { to });

describe('order mail', () => {
  it('goes to the account’s verified e-mail, never the checkout form’s (which the kitchen still sees)', async () => {
    const owner = await customer({ emailVerified: true });
    const order = await payOrder(ctx, await spamCheckout(owner));
    expect(order.email).toBe(VICTIM);
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered']) {
      expect((await staffMove(order.id, to)).status).toBe(200);
    }
    const mail = await mailOf(order.id);
    expect(mail.map((m) => [m.kind, m.toAddress])).toEqual([
      ['order_paid', owner.email],
      ['order_out_for_delivery', owner.email],
      ['order_delivered', owner.email],
    ]);
    expect(await mailTo(VICTIM)).toEqual([]);
    // Staff read the form's e-mail on the order as it was typed.
    const listed = await adminCall<Array<{ email: string }>>(
      ctx,
      admin,
      'GET',
      `/admin-order?q=${order.transactionId}`,
    );
    expect(listed.body.map((o) => o.email)).toEqual([VICTIM]);
  });

  it('is not sent at all for an account that has no e-mail, or is gone', async () => {
    const noEmail = await customer({ email: '', emailVerified: true });
    const leaving = await customer({ emailVerified: true });
    const placed = [await spamCheckout(noEmail), await spamCheckout(leaving)];
    await ctx.db.delete(users).where(eq(users.uid, leaving.uid));
    for (const order of placed) {
      await payOrder(ctx, order);
      for (const to of ['accepted', 'preparing', 'out_for_delivery', 'refund_due', 'refunded']) {
        expect((await staffMove(order.id, to)).status).toBe(200);
      }
      expect(await mailOf(order.id)).toEqual([]);
    }
  });

  it('reaches an unverified account with the receipt of its payment only, and says so on the result page', async () => {
    const unverified = await customer({ emailVerified: false });
    const order = await payOrder(ctx, await spamCheckout(unverified));
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered']) {
      expect((await staffMove(order.id, to)).status).toBe(200);
    }
    // A payment costs its sender money: the receipt is no relay. The rest waits for the verification.
    expect((await mailOf(order.id)).map((m) => [m.kind, m.toAddress])).toEqual([
      ['order_paid', unverified.email],
    ]);
    expect(await mailTo(VICTIM)).toEqual([]);
    const status = await call(ctx, 'GET', `/payment-status/${order.transactionId}`, unverified.token);
    expect(status.body).toMatchObject({ payment_status: true, receipt: unverified.email });

    const noEmail = await customer({ email: '', emailVerified: false });
    const unmailed = await payOrder(ctx, await spamCheckout(noEmail));
    const none = await call(ctx, 'GET', `/payment-status/${unmailed.transactionId}`, noEmail.token);
    expect(none.body).toMatchObject({ payment_status: true, receipt: null });
  });

  it('keeps a cash order’s letters for a verified e-mail', async () => {
    const unverified = await customer({ emailVerified: false });
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const cashOn = { ...DEFAULT_PAYMENT_SETTINGS, cash: true, cashRegularsOnly: false };
    expect((await adminCall(ctx, admin, 'PUT', '/admin-payment-settings', cashOn)).status).toBe(200);
    await addToCart(ctx, unverified, item, 1);
    const answer = await checkout(
      ctx,
      unverified,
      checkoutBody([{ item, quantity: 1 }], { email: VICTIM, paymentMethod: 'cash' }),
    );
    expect(answer.status).toBe(200);
    expect(await mailTo(unverified.email)).toEqual([]);
    expect(await mailTo(VICTIM)).toEqual([]);
    const off = { ...DEFAULT_PAYMENT_SETTINGS };
    expect((await adminCall(ctx, admin, 'PUT', '/admin-payment-settings', off)).status).toBe(200);
  });

  it('tells of nothing the customer did themselves: a delete, or a newer checkout replacing the order', async () => {
    const owner = await customer({ emailVerified: true });
    // The review's loop: check out with the victim's address, cancel, again and again.
    const item = await insertMenuItem(ctx, { quantity: 50 });
    await addToCart(ctx, owner, item, 1);
    const placed = [];
    for (let i = 0; i < 6; i++) {
      const order = await spamCheckout(owner, item);
      placed.push(order);
      if (i % 2 === 0) {
        expect((await call(ctx, 'DELETE', `/order-delete/${order.id}`, owner.token)).status).toBe(200);
      }
    }
    const states = await Promise.all(
      placed.map(async (o) => (await orderByTransaction(ctx, o.transactionId))!.state),
    );
    expect(states).toEqual([...Array(5).fill('cancelled'), 'awaiting_payment']);
    expect(await mailTo(owner.email)).toEqual([]);
    expect(await mailTo(VICTIM)).toEqual([]);
    // Staff cancelling it is news to the customer: that one is mailed, to the account.
    const last = placed.at(-1)!;
    expect((await adminCall(ctx, admin, 'DELETE', `/admin-order-delete/${last.id}`)).status).toBe(200);
    expect((await mailOf(last.id)).map((m) => [m.kind, m.toAddress])).toEqual([
      ['order_cancelled', owner.email],
    ]);
  });

  it('carries typed text cut short and without control characters, whatever the record holds', async () => {
    const owner = await customer({ emailVerified: true });
    const item = await insertMenuItem(ctx, { quantity: 50 });
    // Addresses may hold any text up to 300 characters; names saved before their rule may hold controls.
    const address = `12 Road 5\u0007\r\nSubject: Buy now\u001b[2J ${'x'.repeat(250)}`;
    const { order } = await placeOrder(ctx, [{ item, quantity: 1 }], owner);
    await ctx.db
      .update(orders)
      .set({ address, fullName: `Nadia\r\nBcc: everyone@example.com\u202e ${'y'.repeat(90)}` })
      .where(eq(orders.id, order.id));
    await payOrder(ctx, order);
    const [mail] = await mailOf(order.id);
    const body = mail!.body;
    expect([...body].filter((ch) => ch !== '\n' && CONTROL_CHARACTER.test(ch))).toEqual([]);
    const dear = /^Dear (.*),$/m.exec(body)![1]!;
    // The mail address in the name is taken out with it: no address a stranger typed reaches a mail.
    expect(dear.startsWith('Nadia Bcc: y')).toBe(true);
    expect([...dear].length).toBeLessThanOrEqual(MAIL_NAME_MAX);
    // The escape character is gone; what it would have started is plain text.
    expect(body).toContain('leaves for 12 Road 5 Subject: Buy now [2J xxx');
    expect(body).not.toContain('x'.repeat(MAIL_PLACE_MAX));
  });
});

describe('booking mail', () => {
  let bookings = 0;
  const book = (email: string, name = 'Nadia Rahman') =>
    ctx.request('/reservations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, email, persons: 2, ...bookingSlot(bookings++) }),
    });

  it(`reaches one mailbox at most ${BOOKING_MAILS_PER_DAY} times a day, however the address is spelled and however many book at once`, async () => {
    const spellings = [
      'anna@example.com',
      'Anna@Example.com',
      'anna+1@example.com',
      'ANNA+promo@example.com',
      // Dots and hyphens: Gmail ignores dots, Yahoo takes a '-keyword'.
      'an.na@example.com',
      'a.n-na+x@example.com',
      'an-na@example.com',
      'a.nna@example.com',
    ];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => book(spellings[i % spellings.length]!)),
    );
    // The bookings are kept (the limits of decision 006 stand in front of them); the mail is not.
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    const annaMail = () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(
          sql`${mailOutbox.kind} = 'booking' and ${recipientMailbox(mailOutbox.toAddress)} = 'anna@example.com'`,
        );
    expect(await annaMail()).toHaveLength(BOOKING_MAILS_PER_DAY);
    expect(
      await ctx.db.$count(reservations, sql`${recipientMailbox(reservations.email)} = 'anna@example.com'`),
    ).toBe(40);
    // Another mailbox is another count.
    expect((await book('anne@example.com')).status).toBe(201);
    expect(await mailTo('anne@example.com')).toHaveLength(1);
    // A day later the mailbox is mailed again.
    await ctx.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${recipientMailbox(mailOutbox.toAddress)} = 'anna@example.com'`);
    expect((await book('anna@example.com')).status).toBe(201);
    expect(await annaMail()).toHaveLength(BOOKING_MAILS_PER_DAY + 1);
  });

  it('counts a mailbox as the booking limit keys it, however it is spelt', async () => {
    const spellings = [
      'Nadia@Example.com',
      'na.dia+x@example.com',
      'n-a.d-ia@example.com',
      'nadia@example.org',
    ];
    for (const spelling of spellings) {
      const { rows } = await ctx.db.execute<{ mailbox: string }>(
        sql`select ${recipientMailbox(sql`${spelling}::text`)} as mailbox`,
      );
      expect(rows[0]!.mailbox).toBe(mailboxOf(spelling));
    }
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(['nadia@example.com', 'nadia@example.org']));
  });

  it('greets the guest with no link in their name', async () => {
    const name = 'Pills http://spam.example/x www.pills.example or PILLS.Example.COM';
    expect((await book('linkless@example.com', name)).status).toBe(201);
    const [mail] = await mailTo('linkless@example.com');
    const hello = /^Hello (.*),$/m.exec(mail!.body)![1]!;
    expect(hello).toBe('Pills or');
    expect(mail!.body).not.toMatch(/spam|pills\.example|www/i);
  });

  it('greets the guest by a name cut short', async () => {
    const long = `Pills ${'z'.repeat(70)}`;
    expect((await book('brief@example.com', long)).status).toBe(201);
    const [mail] = await mailTo('brief@example.com');
    const hello = /^Hello (.*),$/m.exec(mail!.body)![1]!;
    expect(hello).toBe(mailText(long, MAIL_NAME_MAX));
    expect([...hello].length).toBe(MAIL_NAME_MAX);
    expect(hello.endsWith('…')).toBe(true);
  });
});

describe('mailText', () => {
  it('makes control characters blanks, squeezes blanks, and cuts at whole characters', () => {
    expect(mailText('  Nadia\t\u0007Rahman\r\n\u0085x  ', 50)).toBe('Nadia Rahman x');
    expect(mailText('\u202eevil\u2066', 50)).toBe('evil');
    expect(mailText('🍕'.repeat(10), 5)).toBe('🍕🍕🍕🍕…');
    expect(mailText('short', 5)).toBe('short');
  });
});
