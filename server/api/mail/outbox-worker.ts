import type { Database } from '../../db/client.ts';
import { type Attempt, type DeliveryPolicy, deliverDueMail, type SendMail } from '../services/mail-outbox.ts';

export interface MailWorkerOptions {
  db: Database;
  send: SendMail;
  /** How often to look for due mail, in ms. */
  pollMs: number;
  policy?: DeliveryPolicy;
  now?: () => Date;
  onAttempt?: (attempt: Attempt) => void;
  /** A round that could not reach the database (the next round tries again). */
  onError?: (error: unknown) => void;
}

export interface MailWorker {
  /** No new round; resolves once the mail being sent, if any, is recorded. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox in rounds, one every `pollMs` (a due mail waits at most that long: an indexed
 * read of the pending rows costs little). Every API process runs one; they share nothing but the
 * table, whose claims keep any two from sending the same mail (services/mail-outbox.ts), so the
 * process keeps no state of its own and any number of them may run.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, send, pollMs, policy, now, onAttempt, onError = () => {} } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;

  function run() {
    if (stopped) return;
    round = deliverDueMail(db, send, { now, policy, onAttempt, stopped: () => stopped })
      .then(
        () => {},
        (error: unknown) => onError(error),
      )
      .finally(() => {
        round = undefined;
        if (!stopped) timer = setTimeout(run, pollMs);
      });
  }

  run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
