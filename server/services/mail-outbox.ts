// The transactional outbox for e-mail: a mail is a row written in the transaction of what it tells (an
// order's change, a booking), so it exists exactly when that change does; delivery happens later, from
// the table, by whichever process gets to it first (server/mail/outbox-worker.ts).
import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or the caller's transaction: a mail queued in a transaction is sent only if it commits. */
export type Executor = Database | Transaction;

export interface NewMail {
  /** What it tells: order_paid, order_out_for_delivery, order_delivered, order_cancelled, booking. */
  kind: string;
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  orderId?: string;
  reservationId?: string;
}

/** Queues a mail; call it inside the transaction that makes the change the mail tells of. */
export async function enqueueMail(db: Executor, mail: NewMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      orderId: mail.orderId ?? null,
      reservationId: mail.reservationId ?? null,
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** One queued mail as a sender gets it; `id` is stable across retries (its Message-ID is made of it). */
export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
}

/** Hands a mail to the mail server; resolves once the server accepted it, rejects otherwise. */
export type SendMail = (message: OutboxMessage) => Promise<void>;

export interface DeliveryPolicy {
  /** After this many failed attempts a mail is marked failed and never tried again. */
  maxAttempts: number;
  /** How long to wait after the `attempts`-th failure (1, 2, …) before the next try, in ms. */
  backoffMs: (attempts: number) => number;
}

/** Doubles from `firstMs` after each failure, up to `maxMs`. */
export const exponentialBackoff =
  (firstMs: number, maxMs: number) =>
  (attempts: number): number =>
    Math.min(maxMs, firstMs * 2 ** Math.max(0, attempts - 1));

/**
 * 10 attempts, 30 s after the first failure and doubling up to an hour: a mail server that is down for
 * about three hours delays mail; one down longer leaves failed rows for staff to see, rather than telling
 * a customer hours late that their pizza is on its way.
 */
export const DEFAULT_DELIVERY: DeliveryPolicy = {
  maxAttempts: 10,
  backoffMs: exponentialBackoff(30_000, 3_600_000),
};

export interface Attempt {
  id: number;
  /** sent; retry (pending again, later); failed (the last attempt failed). */
  outcome: 'sent' | 'retry' | 'failed';
  attempts: number;
  error?: string;
}

/** An error's text as kept in last_error: enough to tell why, never a whole stack or SMTP transcript. */
function describe(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 497)}...` : text;
}

/**
 * Sends the oldest due mail, if any, and records how that went. The row stays locked (FOR UPDATE) from
 * the claim until its state is committed, so no other process can pick it up meanwhile, and SKIP LOCKED
 * lets the other processes take the next one instead of queueing behind it. One mail per transaction:
 * a crash loses the record of at most the one mail being sent.
 */
export async function deliverNextMail(
  db: Database,
  send: SendMail,
  now: Date,
  policy: DeliveryPolicy = DEFAULT_DELIVERY,
): Promise<Attempt | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        body: mailOutbox.body,
        attempts: mailOutbox.attempts,
      })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const attempts = row.attempts + 1;
    try {
      await send({ id: row.id, to: row.to, subject: row.subject, body: row.body });
    } catch (error) {
      const failed = attempts >= policy.maxAttempts;
      const lastError = describe(error);
      await tx
        .update(mailOutbox)
        .set({
          attempts,
          lastError,
          ...(failed
            ? { state: 'failed' as const }
            : { nextAttemptAt: new Date(now.getTime() + policy.backoffMs(attempts)) }),
        })
        .where(eq(mailOutbox.id, row.id));
      return { id: row.id, outcome: failed ? 'failed' : 'retry', attempts, error: lastError };
    }
    await tx
      .update(mailOutbox)
      .set({ state: 'sent', attempts, sentAt: now })
      .where(eq(mailOutbox.id, row.id));
    return { id: row.id, outcome: 'sent', attempts };
  });
}

/**
 * Sends the due mail one by one until none is left or one fails: a failure most often means the mail
 * server is down, and the next round (or the next process) tries again rather than this one hammering it
 * with every due mail. `stopped` ends the round between two mails.
 */
export async function deliverDueMail(
  db: Database,
  send: SendMail,
  options: {
    now?: () => Date;
    policy?: DeliveryPolicy;
    onAttempt?: (attempt: Attempt) => void;
    stopped?: () => boolean;
  } = {},
): Promise<Attempt[]> {
  const { now = () => new Date(), policy, onAttempt, stopped = () => false } = options;
  const done: Attempt[] = [];
  while (!stopped()) {
    const attempt = await deliverNextMail(db, send, now(), policy);
    if (!attempt) break;
    done.push(attempt);
    onAttempt?.(attempt);
    if (attempt.outcome !== 'sent') break;
  }
  return done;
}
