// `npm start`'s mail server: it accepts every mail the API sends and delivers none, so a newcomer sees
// the shop's mail offline (a line in the console, a file, a page) and no customer is ever written to.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface MailCatcher {
  /** What the API sends to (SMTP_URL). */
  smtpUrl: string;
  /** The page listing the caught mail. */
  webUrl: string;
  stop: () => Promise<void>;
}

export interface MailCatcherOptions {
  port: number;
  webPort: number;
  /** Where each mail is kept, one .eml file per message. */
  dir: string;
  /** One line per mail caught. */
  log?: (line: string) => void;
}

/** Sortable by arrival, unique within the folder. */
let sequence = 0;
const fileName = () =>
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(4, '0')}.eml`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Summary {
  file: string;
  date: string;
  to: string;
  subject: string;
}

/** The header block of a raw mail (up to the first empty line). */
function rawHeaders(chunks: Buffer[]): string {
  const text = Buffer.concat(chunks).toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return end < 0 ? text : text.slice(0, end);
}

async function summarize(dir: string, file: string): Promise<Summary> {
  const mail = await simpleParser(readFileSync(join(dir, file)));
  const to = [mail.to ?? []].flat().map((address) => address.text);
  return {
    file,
    date: mail.date?.toISOString() ?? '',
    to: to.join(', '),
    subject: mail.subject ?? '(no subject)',
  };
}

async function listPage(dir: string): Promise<string> {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .reverse()
    .slice(0, 200);
  const rows = await Promise.all(files.map((file) => summarize(dir, file)));
  const body = rows.length
    ? `<table><tr><th>Received</th><th>To</th><th>Subject</th></tr>${rows
        .map(
          (row) =>
            `<tr><td>${escapeHtml(row.date)}</td><td>${escapeHtml(row.to)}</td>` +
            `<td><a href="/${encodeURIComponent(row.file)}">${escapeHtml(row.subject)}</a></td></tr>`,
        )
        .join('')}</table>`
    : '<p>No mail yet. Book a table or pay for an order, then reload.</p>';
  return page('Caught mail', `<h1>Mail caught by npm start</h1><p>Kept in ${escapeHtml(dir)}</p>${body}`);
}

async function messagePage(dir: string, file: string): Promise<string> {
  const mail = await simpleParser(readFileSync(join(dir, file)));
  const to = [mail.to ?? []].flat().map((address) => address.text);
  const headers = [
    ['From', mail.from?.text ?? ''],
    ['To', to.join(', ')],
    ['Date', mail.date?.toISOString() ?? ''],
    ['Message-ID', mail.messageId ?? ''],
  ];
  return page(
    mail.subject ?? 'Mail',
    `<p><a href="/">All mail</a> · <a href="/${encodeURIComponent(file)}?raw">Raw</a></p>` +
      `<h1>${escapeHtml(mail.subject ?? '(no subject)')}</h1><dl>${headers
        .map(([name, value]) => `<dt>${name}</dt><dd>${escapeHtml(value ?? '')}</dd>`)
        .join('')}</dl><pre>${escapeHtml(mail.text ?? '')}</pre>`,
  );
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(title)}</title>` +
  '<style>body{font:15px system-ui,sans-serif;margin:2rem;max-width:60rem}td,th{padding:.3rem .8rem;' +
  'text-align:left;border-bottom:1px solid #ddd}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}' +
  'dt{font-weight:bold;float:left;width:7rem}dd{margin-left:7rem}</style>' +
  `<body>${body}</body></html>`;

interface Answer {
  status: number;
  type: string;
  body: string | Buffer;
}

/** The page at `path`: the list (/), one mail (/<file>.eml), or its source (?raw). */
async function answer(dir: string, path: string): Promise<Answer> {
  const notFound: Answer = { status: 404, type: 'text/plain', body: 'Not found' };
  const url = new URL(path, 'http://localhost');
  const file = decodeURIComponent(url.pathname.slice(1));
  const html = (body: string): Answer => ({ status: 200, type: 'text/html; charset=utf-8', body });
  try {
    if (!file) return html(await listPage(dir));
    // Only a file the catcher wrote: no path leaves the folder.
    if (!/^[\w-]+\.eml$/.test(file)) return notFound;
    if (url.searchParams.has('raw')) {
      return { status: 200, type: 'text/plain; charset=utf-8', body: readFileSync(join(dir, file)) };
    }
    return html(await messagePage(dir, file));
  } catch {
    return notFound;
  }
}

function listen(server: Server, port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} is already in use (${what})`) : error),
    );
    // This machine only: the catcher takes mail from anyone who reaches it.
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

export async function startMailCatcher({
  port,
  webPort,
  dir,
  log = console.log,
}: MailCatcherOptions): Promise<MailCatcher> {
  mkdirSync(dir, { recursive: true });
  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its self-signed certificate would be refused by the sender)
    // and no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    banner: 'Pizzon mail catcher: nothing is delivered',
    size: 10 * 1024 * 1024,
    logger: false,
    // Every client is this machine: a reverse DNS lookup would only slow each mail down.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const file = fileName();
        try {
          writeFileSync(join(dir, file), Buffer.concat(chunks));
        } catch (error) {
          // Not accepted, so the API keeps it and tries again.
          callback(error as Error);
          return;
        }
        // The envelope (read before callback() resets it for the next mail) and the raw Subject line
        // are enough for the console: a full parse of each mail waits until someone opens the page.
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
        const subject = /^Subject: ?(.*)$/im.exec(rawHeaders(chunks))?.[1]?.trim() || '(no subject)';
        callback();
        log(`mail to ${to}: ${subject}`);
      });
    },
  });
  const web = createServer((request, response) => {
    void answer(dir, request.url ?? '/').then(({ status, type, body }) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    });
  });
  await listen(smtp.server, port, 'MAIL_PORT');
  try {
    await listen(web, webPort, 'MAIL_WEB_PORT');
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    webUrl: `http://localhost:${webPort}`,
    stop: async () => {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        new Promise<void>((resolve) => web.close(() => resolve())),
      ]);
    },
  };
}
