// The transactional outbox for e-mail: a mail is a row written in the transaction of what it tells (an
// order's change, a booking), so it exists exactly when that change does; delivery happens later, from
// the table, by whichever process gets to it first (server/api/mail/outbox-worker.ts).
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import { CONTROL_CHARACTER } from '../../../contract/names.ts';
import type { Database, Transaction } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';

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

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'gu');

/** How long a name may run in a mail ('Dear …', 'Hello …'): a person's name, not a message. */
export const MAIL_NAME_MAX = 50;
/** How long a place may run in a mail (a delivery address, a city). */
export const MAIL_PLACE_MAX = 120;

/**
 * Text someone typed, as a mail may carry it: control characters (records from before the names' rule,
 * and fields without it) become blanks, runs of blanks one space, and it is cut to `max` characters, so
 * no form field turns a mail into a message of the sender's own.
 */
export function mailText(text: string, max: number): string {
  const plain = [...text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim()];
  return plain.length > max
    ? `${plain
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : plain.join('');
}

/** A web or mail address, with its scheme or without one (spam.example, www.spam.example/pills, a@b.example). */
const LINK = /\S*:\/\/\S*|\S*(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}\b\S*/gu;

/**
 * A name someone typed, as a greeting carries it: as mailText, with anything that reads as a web
 * address taken out, so a booking or an order in a stranger's name can not bring them a link.
 */
export function mailName(text: string): string {
  return mailText(text.replace(LINK, ' '), MAIL_NAME_MAX);
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

/** A mail this process claimed, with the attempts made before and when it was due. */
export type ClaimedMail = OutboxMessage & { attempts: number; dueAt: Date };

/**
 * How long a claimed mail is another process's: a send ends within nodemailer's timeouts (well under a
 * minute), so a mail still claimed after this was claimed by a process that died; it is due again.
 */
export const CLAIM_MS = 5 * 60_000;

/** Mail claimed by one round, oldest due first, at most this many at a time. */
const CLAIM_BATCH = 20;

/**
 * Claims up to `limit` due mails for this process: their next attempt moves CLAIM_MS ahead, so no other
 * process takes them (SKIP LOCKED lets concurrent claims pass each other rather than queue). A short
 * transaction of its own: no database connection is held while the mail server is talked to.
 */
export function claimDueMail(db: Database, now: Date, limit: number): Promise<ClaimedMail[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        body: mailOutbox.body,
        attempts: mailOutbox.attempts,
        dueAt: mailOutbox.nextAttemptAt,
      })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((mail) => mail.id),
          ),
        );
    }
    return due;
  });
}

/** Sends one claimed mail and records how that went: sent, or its next attempt (or failed, the last). */
async function deliverClaimed(
  db: Database,
  send: SendMail,
  mail: ClaimedMail,
  now: Date,
  policy: DeliveryPolicy,
): Promise<Attempt> {
  const attempts = mail.attempts + 1;
  try {
    await send({ id: mail.id, to: mail.to, subject: mail.subject, body: mail.body });
  } catch (error) {
    const failed = attempts >= policy.maxAttempts;
    const lastError = describe(error);
    await db
      .update(mailOutbox)
      .set({
        attempts,
        lastError,
        ...(failed
          ? { state: 'failed' as const }
          : { nextAttemptAt: new Date(now.getTime() + policy.backoffMs(attempts)) }),
      })
      .where(eq(mailOutbox.id, mail.id));
    return { id: mail.id, outcome: failed ? 'failed' : 'retry', attempts, error: lastError };
  }
  await db.update(mailOutbox).set({ state: 'sent', attempts, sentAt: now }).where(eq(mailOutbox.id, mail.id));
  return { id: mail.id, outcome: 'sent', attempts };
}

/**
 * Hands claimed mails back unsent, each due when it was (not now: a mail handed back must keep its
 * place ahead of those retried since, or a failing one could keep it from ever being tried).
 */
async function release(db: Database, mails: readonly ClaimedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.transaction(async (tx) => {
    for (const mail of mails) {
      await tx.update(mailOutbox).set({ nextAttemptAt: mail.dueAt }).where(eq(mailOutbox.id, mail.id));
    }
  });
}

/**
 * Sends the due mail, oldest first, until none is left or one fails: a failure most often means the
 * mail server is down, and the next round (or the next process) tries again rather than this one
 * hammering it with every due mail. Mail is claimed a batch at a time (claimDueMail); what a round
 * claimed and did not get to (a failure, `stopped`) is handed back. A mail sent whose record was lost
 * (the process died between the two) is sent again once its claim lapses: its Message-ID, made of its
 * row, lets the receiving server see the same message.
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
  const { now = () => new Date(), policy = DEFAULT_DELIVERY, onAttempt, stopped = () => false } = options;
  const done: Attempt[] = [];
  while (!stopped()) {
    const claimed = await claimDueMail(db, now(), CLAIM_BATCH);
    if (claimed.length === 0) break;
    for (const [index, mail] of claimed.entries()) {
      if (stopped()) {
        await release(db, claimed.slice(index));
        return done;
      }
      const attempt = await deliverClaimed(db, send, mail, now(), policy);
      done.push(attempt);
      onAttempt?.(attempt);
      if (attempt.outcome !== 'sent') {
        await release(db, claimed.slice(index + 1));
        return done;
      }
    }
  }
  return done;
}
