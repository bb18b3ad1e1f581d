import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../../scripts/lib/mail-catcher.ts';
import { createSmtpSender, type SmtpSender } from '../../server/api/mail/smtp-sender.ts';
import { freePort } from './support/free-port.ts';

let dir: string;
let catcher: MailCatcher;
let sender: SmtpSender;
const logged: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pizzon-mail-'));
  catcher = await startMailCatcher({
    port: await freePort(),
    webPort: await freePort(),
    dir,
    log: (line) => logged.push(line),
  });
  sender = createSmtpSender({ url: catcher.smtpUrl, from: 'Pizzon <orders@pizzon.test>' });
});
afterAll(async () => {
  sender.close();
  await catcher.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the mail catcher of npm start', () => {
  it('keeps each mail as a file, says so in the console and lists it on its page', async () => {
    await sender.send({
      id: 41,
      to: 'nadia@example.com',
      subject: 'Pizzon: order T-1 is on its way',
      body: 'Dear Nadia <3,\n\nIt left the kitchen.',
    });
    const files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toContain('Message-ID: <outbox-41@pizzon.test>');
    await expect.poll(() => logged).toContain('mail to nadia@example.com: Pizzon: order T-1 is on its way');

    const list = await (await fetch(catcher.webUrl)).text();
    expect(list).toContain('nadia@example.com');
    expect(list).toContain(`href="/${files[0]}"`);
    const one = await (await fetch(`${catcher.webUrl}/${files[0]}`)).text();
    // The mail's text, escaped: a mail can not put markup on the page.
    expect(one).toContain('Dear Nadia &#60;3,');
    expect(one).toContain('&#60;outbox-41@pizzon.test&#62;');
  });

  it('serves only the files it wrote', async () => {
    for (const path of ['/..%2Fpackage.json', '/%2Fetc%2Fpasswd', '/nothing.eml']) {
      expect((await fetch(`${catcher.webUrl}${path}`)).status).toBe(404);
    }
  });
});
