import { createTransport } from 'nodemailer';
import type { SendMail } from '../services/mail-outbox.ts';

export interface SmtpSender {
  send: SendMail;
  close: () => void;
}

/** The domain of a From such as `Pizzon <orders@pizzon.test>`, for the Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'pizzon';
}

/**
 * The Message-ID of an outbox mail: the same on every attempt, so that the rare mail sent twice (the
 * server accepted it, then this process died before recording that) is one message to a receiver that
 * deduplicates by Message-ID.
 */
export const outboxMessageId = (id: number, domain: string) => `<outbox-${id}@${domain}>`;

/**
 * Sends through the SMTP server at `url` (smtp://user:pass@host:587, smtps://…:465). Its timeouts are
 * short because the worker holds the mail's row (and a database connection) while it sends: a server
 * that hangs should count as down within seconds, not nodemailer's default minutes.
 */
export function createSmtpSender({ url, from }: { url: string; from: string }): SmtpSender {
  const transport = createTransport({
    url,
    // One connection kept open between mails: a new one per mail costs ~100 ms of handshakes and three
    // times the CPU (measured against the local catcher), which a rush's mail can not afford. The
    // worker sends one mail at a time, so one connection is all it uses.
    pool: true,
    maxConnections: 1,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const domain = senderDomain(from);
  return {
    send: async ({ id, to, subject, body }) => {
      await transport.sendMail({ from, to, subject, text: body, messageId: outboxMessageId(id, domain) });
    },
    close: () => transport.close(),
  };
}

/** The URL without its password, for the log. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
