import type { AddressInfo } from 'node:net';
import { asc, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MailWorker, startMailWorker } from '../../server/api/mail/outbox-worker.ts';
import { createSmtpSender, type SmtpSender } from '../../server/api/mail/smtp-sender.ts';
import {
  CLAIM_MS,
  claimDueMail,
  DEFAULT_DELIVERY,
  type DeliveryPolicy,
  deliverDueMail,
  enqueueMail,
  exponentialBackoff,
} from '../../server/api/services/mail-outbox.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { mailOutbox, reservationEvents, reservations, reservationTables } from '../../server/db/schema.ts';
import { findUserRow } from './support/accounts.ts';
import { adminCall, createAdmin, paidOrder } from './support/admin.ts';
import { insertMenuItem } from './support/commerce.ts';
import { bookingSlot } from './support/dates.ts';
import { sharedTestContext } from './support/test-app.ts';
import { until } from './support/until.ts';

interface Received {
  messageId: string;
  to: string;
  raw: string;
}

/** A real SMTP server that keeps what it receives, and can be stopped and started on the same port. */
class MailServer {
  received: Received[] = [];
  port = 0;
  private server: SMTPServer | undefined;

  async start(): Promise<void> {
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      disableReverseLookup: true,
      // A stop cuts open connections at once instead of waiting 30 s for them.
      closeTimeout: 50,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString();
          this.received.push({
            messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(','),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  messageIds(): string[] {
    return this.received.map((mail) => mail.messageId);
  }
}

const ctx = sharedTestContext();
const smtp = new MailServer();
let sender: SmtpSender;

beforeAll(async () => {
  await smtp.start();
  sender = createSmtpSender({ url: smtp.url, from: 'Pizzon <orders@pizzon.test>' });
});
afterAll(async () => {
  sender.close();
  await smtp.stop();
});
beforeEach(async () => {
  await ctx.db.delete(mailOutbox);
  smtp.received = [];
  if (!smtp.running) await smtp.start();
});

let bookings = 0;
/** A booking as the storefront posts it, each from another guest. */
const book = (changes: Record<string, unknown> = {}) =>
  ctx.request('/reservations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Nadia Rahman',
      email: `guest${++bookings}@example.com`,
      persons: 2,
      ...bookingSlot(bookings),
      ...changes,
    }),
  });

const outbox = () => ctx.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** A clock reading no earlier than the rows just queued: the database keeps microseconds, Date whole ms. */
const justAfterNow = () => new Date(Date.now() + 1);

describe('a booking', () => {
  it('stores its confirmation mail with it', async () => {
    const response = await book({
      name: 'Omar Faruk',
      email: 'omar@example.com',
      date: '2099-12-01',
      time: '19:30',
    });
    expect(response.status).toBe(201);
    const { insertedId, reference } = (await response.json()) as { insertedId: string; reference: string };
    expect(await outbox()).toEqual([
      expect.objectContaining({
        kind: 'booking',
        toAddress: 'omar@example.com',
        subject: 'Your table at Pizzon: Tuesday, 1 December 2099',
        reservationId: insertedId,
        orderId: null,
        state: 'pending',
        attempts: 0,
      }),
    ]);
    const [mail] = await outbox();
    expect(mail!.body).toContain('Hello Omar Faruk,');
    expect(mail!.body).toContain('Time:     19:30');
    expect(mail!.body).toContain(`Booking reference: ${reference}`);
    expect(mail!.body).toContain(`http://localhost:5173/booking/${reference}?key=`);
  });

  it('that is refused writes no mail', async () => {
    expect((await book({ persons: 13 })).status).toBe(400);
    expect((await book({ email: 'not-an-address' })).status).toBe(400);
    expect(await outbox()).toEqual([]);
  });

  it('whose mail can not be stored is not stored either: one transaction', async () => {
    await ctx.db.execute(sql`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused'; end $$;
      create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail();
    `);
    try {
      const before = await Promise.all(
        [reservations, reservationTables, reservationEvents].map((t) => ctx.db.$count(t)),
      );
      expect((await book()).status).toBe(500);
      // Nor its tables, nor its event.
      expect(
        await Promise.all([reservations, reservationTables, reservationEvents].map((t) => ctx.db.$count(t))),
      ).toEqual(before);
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_mail on mail_outbox; drop function refuse_mail();`);
    }
  });
});

describe('delivering the outbox', () => {
  it('sends each mail once, with a Message-ID made of its row, and marks it sent', async () => {
    for (let i = 0; i < 3; i++) expect((await book()).status).toBe(201);
    const rows = await outbox();

    const attempts = await deliverDueMail(ctx.db, sender.send);
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['sent', 'sent', 'sent']);
    expect(await deliverDueMail(ctx.db, sender.send)).toEqual([]);

    expect(smtp.messageIds()).toEqual(rows.map((row) => `<outbox-${row.id}@pizzon.test>`));
    expect(smtp.received.map((mail) => mail.to)).toEqual(rows.map((row) => row.toAddress));
    expect(smtp.received[0]!.raw).toMatch(/^Subject: Your table at Pizzon: /m);
    expect(smtp.received[0]!.raw).toMatch(/^From: Pizzon <orders@pizzon\.test>/m);
    for (const row of await outbox()) {
      expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it('keeps mail pending while the mail server is down, and sends it once when it is back', async () => {
    await smtp.stop();
    // The mail server being down is no business of the guest's.
    for (let i = 0; i < 3; i++) expect((await book()).status).toBe(201);

    const t0 = justAfterNow();
    const now = () => t0;
    // A round stops at its first failure (the server is most likely down): it does not hammer it.
    expect((await deliverDueMail(ctx.db, sender.send, { now })).map((a) => a.outcome)).toEqual(['retry']);
    await deliverDueMail(ctx.db, sender.send, { now });
    await deliverDueMail(ctx.db, sender.send, { now });
    for (const row of await outbox()) {
      expect(row).toMatchObject({ state: 'pending', attempts: 1, sentAt: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(row.nextAttemptAt).toEqual(at(t0, 30_000));
    }
    // Not due before its backoff has passed, even with the server back.
    await smtp.start();
    expect(await deliverDueMail(ctx.db, sender.send, { now: () => at(t0, 29_000) })).toEqual([]);
    expect(smtp.received).toEqual([]);

    const later = () => at(t0, 30_000);
    expect(await deliverDueMail(ctx.db, sender.send, { now: later })).toHaveLength(3);
    expect(await deliverDueMail(ctx.db, sender.send, { now: later })).toEqual([]);
    const rows = await outbox();
    expect(smtp.messageIds().sort()).toEqual(rows.map((row) => `<outbox-${row.id}@pizzon.test>`).sort());
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('marks a mail failed after its last attempt, and never tries it again', async () => {
    await smtp.stop();
    const policy: DeliveryPolicy = { maxAttempts: 3, backoffMs: () => 1_000 };
    await enqueueMail(ctx.db, { kind: 'booking', to: 'late@example.com', subject: 'Hi', body: 'Hello' });
    const t0 = justAfterNow();
    const round = async (ms: number) =>
      (await deliverDueMail(ctx.db, sender.send, { now: () => at(t0, ms), policy })).map((a) => a.outcome);

    expect(await round(0)).toEqual(['retry']);
    expect(await round(500)).toEqual([]);
    expect(await round(1_000)).toEqual(['retry']);
    expect(await round(2_000)).toEqual(['failed']);
    await smtp.start();
    expect(await round(3_600_000)).toEqual([]);
    expect(smtp.received).toEqual([]);
    const [row] = await outbox();
    expect(row).toMatchObject({ state: 'failed', attempts: 3, sentAt: null });
    expect(row!.lastError).toBeTruthy();
  });

  it('sends a mail claimed by a process that died once its claim lapses, and only then', async () => {
    await enqueueMail(ctx.db, { kind: 'booking', to: 'orphan@example.com', subject: 'Hi', body: 'Hello' });
    const t0 = justAfterNow();
    // Claimed, then the claimant is gone: no attempt is recorded, and no other process takes it meanwhile.
    expect(await claimDueMail(ctx.db, t0, 10)).toHaveLength(1);
    expect(await claimDueMail(ctx.db, t0, 10)).toEqual([]);
    expect(await deliverDueMail(ctx.db, sender.send, { now: () => at(t0, CLAIM_MS - 1) })).toEqual([]);
    const later = await deliverDueMail(ctx.db, sender.send, { now: () => at(t0, CLAIM_MS) });
    expect(later.map((a) => [a.outcome, a.attempts])).toEqual([['sent', 1]]);
    expect(smtp.received.map((mail) => mail.to)).toEqual(['orphan@example.com']);
  });

  it('waits 30 s after the first failure, doubling up to an hour, for 10 attempts', () => {
    expect(DEFAULT_DELIVERY.maxAttempts).toBe(10);
    expect([1, 2, 3, 4, 7, 8, 9, 20].map(DEFAULT_DELIVERY.backoffMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
    expect(exponentialBackoff(10, 100)(0)).toBe(10);
  });
});

describe('workers of several processes on one database', () => {
  const pools: DatabaseHandle[] = [];
  const workers: MailWorker[] = [];
  const senders: SmtpSender[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    for (const each of senders.splice(0)) each.close();
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });

  /**
   * A worker with a database pool and a mail connection of its own, as another API process would run
   * it; counts what it sent.
   */
  function startWorker(policy?: DeliveryPolicy) {
    const pool = connectDatabase(ctx.databaseUrl, () => {});
    pools.push(pool);
    const ownSender = createSmtpSender({ url: smtp.url, from: 'Pizzon <orders@pizzon.test>' });
    senders.push(ownSender);
    const sent = { count: 0 };
    const worker = startMailWorker({
      db: pool.db,
      send: async (message) => {
        await ownSender.send(message);
        sent.count++;
      },
      pollMs: 20,
      policy,
    });
    workers.push(worker);
    return sent;
  }

  const pending = async () => ctx.db.$count(mailOutbox, eq(mailOutbox.state, 'pending'));

  it('never send a mail twice', async () => {
    for (let i = 0; i < 60; i++) {
      await enqueueMail(ctx.db, { kind: 'booking', to: `g${i}@example.com`, subject: `#${i}`, body: 'x' });
    }
    const a = startWorker();
    const b = startWorker();
    expect(await until(pending, (n) => n === 0, 15_000)).toBe(0);
    // Anything sent twice would have arrived by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(60);
    expect(new Set(smtp.messageIds()).size).toBe(60);
    expect(a.count + b.count).toBe(60);
    // Both took part: the locks, not the timing, kept them apart.
    expect(a.count).toBeGreaterThan(0);
    expect(b.count).toBeGreaterThan(0);
  });

  it('deliver every mail exactly once after the mail server comes back', async () => {
    await smtp.stop();
    startWorker({ maxAttempts: 1_000, backoffMs: () => 30 });
    startWorker({ maxAttempts: 1_000, backoffMs: () => 30 });
    for (let i = 0; i < 20; i++) expect((await book()).status).toBe(201);
    // Tried and rescheduled while the server is down; the bookings are all stored regardless.
    const tried = await until(outbox, (rows) => rows.every((row) => row.attempts > 0), 5_000);
    expect(tried.every((row) => row.state === 'pending' && row.attempts > 0)).toBe(true);
    expect(smtp.received).toEqual([]);

    await smtp.start();
    expect(await until(pending, (n) => n === 0, 10_000)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await outbox();
    expect(rows).toHaveLength(20);
    expect(smtp.messageIds().sort()).toEqual(rows.map((row) => `<outbox-${row.id}@pizzon.test>`).sort());
  });

  it('keep an order’s mail while the mail server is down, and deliver each once when it is back', async () => {
    await smtp.stop();
    startWorker({ maxAttempts: 1_000, backoffMs: () => 30 });
    startWorker({ maxAttempts: 1_000, backoffMs: () => 30 });
    const admin = await createAdmin(ctx);
    const item = await insertMenuItem(ctx, { quantity: 5 });
    const { customer, order } = await paidOrder(ctx, [{ item, quantity: 1 }]);
    const { email } = (await findUserRow(ctx, customer.uid))!;
    // The kitchen works on while mail can not go out: no step waits for it.
    for (const to of ['accepted', 'preparing', 'out_for_delivery', 'delivered']) {
      const moved = await adminCall(ctx, admin, 'POST', `/admin-order/${order.id}/transition`, { to });
      expect(moved.status).toBe(200);
    }
    const tried = await until(
      outbox,
      (rows) => rows.length === 3 && rows.every((row) => row.attempts > 0),
      5_000,
    );
    expect(tried.map((row) => [row.kind, row.state])).toEqual([
      ['order_paid', 'pending'],
      ['order_out_for_delivery', 'pending'],
      ['order_delivered', 'pending'],
    ]);
    expect(smtp.received).toEqual([]);

    await smtp.start();
    expect(await until(pending, (n) => n === 0, 10_000)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await outbox();
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent', 'sent']);
    expect(smtp.messageIds().sort()).toEqual(rows.map((row) => `<outbox-${row.id}@pizzon.test>`).sort());
    expect(smtp.received.map((mail) => mail.to)).toEqual([email, email, email]);
  });
});
