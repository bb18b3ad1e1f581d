import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/client.ts';
import { sharedScratchDatabase, startApiProcess, stopApi } from './support/api-process.ts';
import { expectClosedAt, expectHeadersCut, slowLoris, trickle } from './support/slow-client.ts';
import { fixture } from './support/test-app.ts';

/**
 * Slow clients and slow queries hold a connection each, never the API: the server closes a request that
 * trickles in, PostgreSQL cancels a statement that runs too long, and every other call answers meanwhile.
 * The timeouts are the production ones scaled down (server/api/config.ts has the defaults).
 */
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 1_500;
const STATEMENT_TIMEOUT_MS = 1_000;
/** Node looks for timed-out requests every HEADERS_TIMEOUT_MS / 2; the rest is a loaded machine's slack. */
const LATE_MS = HEADERS_TIMEOUT_MS / 2 + 700;
/** What "answers at once" means here: far below every timeout above, far above a loaded machine's jitter. */
const PROMPT_MS = 500;

const scratch = sharedScratchDatabase();
const api = fixture(
  () =>
    startApiProcess(scratch.url, {
      API_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      API_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
    }),
  stopApi,
);

/** GET `path` and how long it took. */
async function timed(path: string): Promise<{ status: number; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${api.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  const body: unknown = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

/** Calls GET /health one after another until `done` settles: every answer, and how long each took. */
async function healthWhile(done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const answers: Array<{ status: number; ms: number }> = [];
  while (!finished) {
    answers.push(await timed('/health'));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return answers;
}

describe('slow clients', () => {
  it('a request whose headers trickle in is closed at the headers timeout; other calls answer meanwhile', async () => {
    const closings = slowLoris(api.port, 20, '/health');
    const answers = await healthWhile(closings);
    expectHeadersCut(await closings, HEADERS_TIMEOUT_MS, LATE_MS);
    expect(answers.length).toBeGreaterThan(2);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(PROMPT_MS);
    }
  });

  it('a client that opens a connection and sends nothing is closed at the headers timeout', async () => {
    const { afterMs } = await trickle(api.port, '', '');
    expect(afterMs).toBeLessThan(HEADERS_TIMEOUT_MS + LATE_MS);
  });

  it('a request whose body trickles in is closed at the request timeout', async () => {
    const head =
      'POST /reservations HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 5000\r\n\r\n{"name":"';
    const closed = trickle(api.port, head, 'slow');
    const answers = await healthWhile(closed);
    expectClosedAt(await closed, REQUEST_TIMEOUT_MS, LATE_MS);
    for (const answer of answers) expect(answer.ms).toBeLessThan(PROMPT_MS);
  });
});

describe('slow queries', () => {
  it('a query stuck past the statement timeout answers 503 { message }; other calls answer meanwhile', async () => {
    // The commonest way a query hangs in production: it waits on a lock someone else holds. Here the
    // test holds one on the menu, which the API reads at its first menu call (it has no copy yet).
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table menu_items in access exclusive mode');

      const menu = timed('/all-items?category=all&limit=0');
      const answers = await healthWhile(menu);
      const stuck = await menu;
      expect(stuck.status).toBe(503);
      expect(stuck.body).toEqual({ message: expect.stringMatching(/try again/) });
      expect(stuck.ms).toBeGreaterThanOrEqual(STATEMENT_TIMEOUT_MS - 50);
      expect(stuck.ms).toBeLessThan(STATEMENT_TIMEOUT_MS + 1_500);
      expect(answers.length).toBeGreaterThan(2);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.ms).toBeLessThan(PROMPT_MS);
      }
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    // Nothing was left holding a connection or the menu: the next call is served.
    expect((await timed('/all-items?category=all&limit=0')).status).toBe(200);
    await api.logged('database statement cancelled (DATABASE_STATEMENT_TIMEOUT_MS)');
  });

  it('connectDatabase cancels a statement past its statement timeout and keeps serving others', async () => {
    const handle = connectDatabase(scratch.url, () => {}, { statementTimeoutMs: 200, maxConnections: 2 });
    try {
      const started = performance.now();
      const sleeping = handle.db.execute(sql`select pg_sleep(5)`).then(
        () => 'finished',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      );
      expect((await handle.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
      expect(await sleeping).toBe('57014'); // query_canceled
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await handle.close();
    }
  });

  it('connectDatabase sets no statement timeout unless asked: migrations and seeds may run long', async () => {
    const handle = connectDatabase(scratch.url, () => {});
    try {
      const { rows } = await handle.db.execute(sql`show statement_timeout`);
      expect(rows).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await handle.close();
    }
  });
});
