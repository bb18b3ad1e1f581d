// `npm run admin:grant -- <email>`: gives an existing account the admin role.
// Uses DATABASE_URL when set; otherwise the embedded database of `npm start`, started here for the
// duration of the command when `npm start` is not running.
import { existsSync } from 'node:fs';
import pg from 'pg';
import { connectDatabase } from '../server/db/client.ts';
import { embeddedPostgresUrl, startEmbeddedPostgres } from '../server/db/embedded.ts';
import { grantAdminRole } from '../server/services/users.ts';

const env = process.env;
const pgPort = Number(env.PG_PORT ?? 54329);
const dataDir = env.PIZZON_DATA_DIR ?? '.data';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** True when a server accepts connections at `url`; false when nothing listens on its port. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const email = process.argv[2]?.trim();
  if (!email) fail('Usage: npm run admin:grant -- <email>');

  let url = env.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    url = embeddedPostgresUrl(pgPort, 'pizzon');
    if (!(await answers(url))) {
      const dir = `${dataDir}/postgres`;
      if (!existsSync(`${dir}/PG_VERSION`)) {
        fail(`No database in ${dir}: run \`npm start\` once first, or set DATABASE_URL.`);
      }
      stopEmbedded = (await startEmbeddedPostgres(dir, pgPort)).stop;
    }
  }

  const database = connectDatabase(url, () => {});
  try {
    const granted = await grantAdminRole(database.db, email);
    if (granted.length === 0) {
      console.error('No account with that email. The user must sign up (or sign in once) first.');
      process.exitCode = 1;
    } else {
      console.log(`${email} is now an admin; the admin pages appear at their next sign-in.`);
    }
  } finally {
    await database.close();
    await stopEmbedded?.();
  }
}

main().catch((error: Error) => fail(error.message));
