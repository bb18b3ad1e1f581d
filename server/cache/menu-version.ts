import pg from 'pg';
import type { Database } from '../db/client.ts';
import { menuVersion } from '../db/schema.ts';

/** The channel migration 0002's trigger announces each new menu version on. */
export const MENU_VERSION_CHANNEL = 'menu_version';
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_NAME = 'pizzon menu version';

/**
 * The menu's version as this process knows it. The database moves it in the same transaction as any
 * change to the menu (an item added, edited or deleted, stock reserved, released or sold) and announces
 * it with NOTIFY; every process that caches the menu or pages showing it listens, so a change reaches
 * all of them within milliseconds (docs/decisions/011-scale.md).
 */
export interface MenuVersion {
  /** The current version; undefined while the process is not listening (it can not know it then). */
  current(): number | undefined;
  /** Reads the version from the database (when not listening, and after this process wrote). */
  read(): Promise<number>;
  /** Reads the version and, while listening, takes it as known: this process sees its own writes at once. */
  catchUp(): Promise<void>;
  close(): Promise<void>;
}

export interface MenuVersionOptions {
  /** Where the listening connection goes (the database `db` reads). */
  url: string;
  db: Pick<Database, 'select'>;
  onError?: (error: Error) => void;
  /** First wait before reconnecting; it doubles up to 5 s. */
  retryMs?: number;
}

export async function readMenuVersion(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db.select({ version: menuVersion.version }).from(menuVersion);
  if (!row) throw new Error('menu_version has no row: the database is not migrated');
  return row.version;
}

/**
 * Listens for new menu versions on a connection of its own (LISTEN, then read the version, so no change
 * falls between the two). When that connection is lost the version becomes unknown, and callers read
 * the database instead of trusting their caches, until it is back (reconnecting with backoff).
 */
export async function listenMenuVersion({
  url,
  db,
  onError = () => {},
  retryMs = 100,
}: MenuVersionOptions): Promise<MenuVersion> {
  let known: number | undefined;
  /** The highest version announced on the current connection (some may come before the first read). */
  let heard = 0;
  let client: pg.Client | undefined;
  let closed = false;
  let wait = retryMs;
  let retry: NodeJS.Timeout | undefined;

  const learn = (version: number) => {
    if (known !== undefined && version > known) known = version;
  };

  function lose(lost: pg.Client, error?: Error) {
    if (client !== lost) return;
    client = undefined;
    known = undefined;
    lost.end().catch(() => {});
    if (error) onError(error);
    if (!closed) retry = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, 5_000);
  }

  async function connect(): Promise<void> {
    retry = undefined;
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_NAME });
    heard = 0;
    next.on('notification', ({ channel, payload }) => {
      if (channel !== MENU_VERSION_CHANNEL || client !== next) return;
      heard = Math.max(heard, Number(payload));
      learn(heard);
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${MENU_VERSION_CHANNEL}`);
      const { rows } = await next.query<{ version: string }>('select version from menu_version');
      if (client !== next || closed) return;
      known = Math.max(Number(rows[0]!.version), heard);
      wait = retryMs;
    } catch (error) {
      lose(next, error as Error);
    }
  }

  await connect();
  return {
    current: () => known,
    read: () => readMenuVersion(db),
    async catchUp() {
      if (known === undefined) return;
      learn(await readMenuVersion(db));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      known = undefined;
      await last?.end().catch(() => {});
    },
  };
}
