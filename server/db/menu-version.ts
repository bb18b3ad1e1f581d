import pg from 'pg';
import type { MenuVersions } from '../../contract/menu.ts';
import type { Database } from './client.ts';
import { menuVersion } from './schema.ts';

/** The channel migration 0002's trigger announces each new menu version on. */
export const MENU_VERSION_CHANNEL = 'menu_version';
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_NAME = 'pizzon menu version';

/**
 * The menu's versions as this process knows them. The database moves them in the same transaction as
 * any change to the menu (an item added, edited or deleted, stock reserved, released or sold; the
 * listing only with what Home and the Menu show) and announces them with NOTIFY; every process that
 * caches the menu or pages showing it listens, so a change reaches all of them within milliseconds
 * (docs/decisions/011-scale.md).
 */
export interface MenuVersion {
  /** The current versions; undefined while the process is not listening (it can not know them then). */
  current(): MenuVersions | undefined;
  /** Reads the versions from the database (when not listening, and after this process wrote). */
  read(): Promise<MenuVersions>;
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

export async function readMenuVersion(db: Pick<Database, 'select'>): Promise<MenuVersions> {
  const [row] = await db
    .select({ version: menuVersion.version, listing: menuVersion.listing })
    .from(menuVersion);
  if (!row) throw new Error('menu_version has no row: the database is not migrated');
  return row;
}

/** Each version the newer of the two (announcements may arrive out of order with reads). */
const newer = (a: MenuVersions, b: MenuVersions): MenuVersions =>
  a.version >= b.version && a.listing >= b.listing
    ? a
    : { version: Math.max(a.version, b.version), listing: Math.max(a.listing, b.listing) };

/** An announcement's payload, "version listing" (migration 0005). */
function parseAnnouncement(payload: string | undefined): MenuVersions | undefined {
  const [version, listing] = (payload ?? '').split(' ').map(Number);
  return Number.isSafeInteger(version) && Number.isSafeInteger(listing)
    ? { version: version!, listing: listing! }
    : undefined;
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
  let known: MenuVersions | undefined;
  /** The highest versions announced on the current connection (some may come before the first read). */
  let heard: MenuVersions = { version: 0, listing: 0 };
  let client: pg.Client | undefined;
  let closed = false;
  let wait = retryMs;
  let retry: NodeJS.Timeout | undefined;

  const learn = (versions: MenuVersions) => {
    if (known !== undefined) known = newer(known, versions);
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
    heard = { version: 0, listing: 0 };
    next.on('notification', ({ channel, payload }) => {
      const announced = parseAnnouncement(payload);
      if (channel !== MENU_VERSION_CHANNEL || client !== next || !announced) return;
      heard = newer(heard, announced);
      learn(heard);
    });
    next.on('error', (error) => lose(next, error));
    next.on('end', () => lose(next));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${MENU_VERSION_CHANNEL}`);
      const { rows } = await next.query<{ version: string; listing: string }>(
        'select version, listing from menu_version',
      );
      if (client !== next || closed) return;
      known = newer({ version: Number(rows[0]!.version), listing: Number(rows[0]!.listing) }, heard);
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
