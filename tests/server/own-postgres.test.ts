import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { readEnv } from '../../server/env.ts';
import { SERVER_TESTS_ENV } from './support/env.ts';
import { startOwnPostgres } from './support/own-postgres.ts';

// Two ports after the run's (fault-database.test.ts has the next one), taken on TCP by this test.
const PORT = readEnv(SERVER_TESTS_ENV, { read: ['TEST_PG_PORT'] }).TEST_PG_PORT + 2;

it("starts and starts again a test's own PostgreSQL while its port is taken on TCP", async () => {
  const squatter = createServer();
  await new Promise<void>((resolve) => squatter.listen(PORT, '127.0.0.1', resolve));
  const own = await startOwnPostgres(PORT);
  const onTcp = mkdtempSync(join(tmpdir(), 'pizzon-tcp-pg-'));
  try {
    // A server on TCP as well stops as it starts, and says why.
    await expect(startEmbeddedPostgres(onTcp, PORT)).rejects.toThrow(/stopped as it started: .*could not/);
    await own.stop();
    await own.restart();
    const client = new pg.Client({ connectionString: own.url() });
    await client.connect();
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  } finally {
    await own.destroy();
    rmSync(onTcp, { recursive: true, force: true });
    squatter.close();
  }
});
