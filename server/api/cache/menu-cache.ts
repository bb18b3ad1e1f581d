import { asc } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type AllItemsQuery, type MenuItem, type MenuVersions, menuTag } from '../../../contract/menu.ts';
import type { OptionGroup } from '../../../contract/options.ts';
import type { Database } from '../../db/client.ts';
import { type MenuVersion, readMenuVersion } from '../../db/menu-version.ts';
import { toMenuItem } from '../../db/rows.ts';
import { menuItems } from '../../db/schema.ts';
import { type Bytes, gzip } from '../../http/gzip.ts';
import { isDatabaseUnavailable, isStatementCancelled } from '../http/error-handler.ts';
import { loadOptionGroups } from '../services/item-options.ts';

/** The whole menu at one version: every item, in the menu's order, and the items' option groups. */
export interface MenuSnapshot {
  versions: MenuVersions;
  items: MenuItem[];
  byId: Map<string, MenuItem>;
  /** By item id; an item without groups has none here. Only an item's own answer carries them. */
  options: Map<string, OptionGroup[]>;
}

/** A menu answer: its JSON (and gzipped, made when first asked for) and the ETag that names it. */
export interface MenuAnswer {
  tag: string;
  body: string;
  gzipped: () => Bytes;
}

/** Which menu answer: a list (category and limit) or one item. */
const listKey = ({ category, limit }: AllItemsQuery): string => `${category}.${limit}`;
const itemKey = (id: string): string => `item.${id}`;

/** Reads the menu and its version as one snapshot of the database. */
function loadSnapshot(db: Database): Promise<MenuSnapshot> {
  return db.transaction(
    async (tx) => {
      const versions = await readMenuVersion(tx);
      const rows = await tx.select().from(menuItems).orderBy(asc(menuItems.createdAt), asc(menuItems.name));
      const items = rows.map(toMenuItem);
      const options = await loadOptionGroups(tx);
      return { versions, items, byId: new Map(items.map((item) => [item._id, item])), options };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** While the database is out of reach, how long the last menu read is served before it is asked again. */
export const UNREACHABLE_RETRY_MS = 1_000;

export interface MenuCache {
  /** The menu of the version this process knows, when it is in memory already: no waiting, no read. */
  ready(): MenuSnapshot | undefined;
  /**
   * The menu of the current version, read from the database when it is not in memory; while the
   * database can not answer, the last menu this process read (rejects when it has read none).
   */
  snapshot(): Promise<MenuSnapshot>;
  /** GET /all-items's answer. */
  list(menu: MenuSnapshot, query: AllItemsQuery): MenuAnswer;
  /** GET /item-detail/{id}'s answer; undefined when the menu has no such item. */
  item(menu: MenuSnapshot, id: string): MenuAnswer | undefined;
}

/**
 * The public menu, read whole once per version and answered from memory: no time-based staleness, as
 * the version moves with every change (server/db/menu-version.ts). The answers' JSON is kept in an
 * LRU with a byte budget, keyed by version, so memory stays bounded whatever queries arrive.
 */
export function createMenuCache(db: Database, version: MenuVersion, maxBytes = 8 * 1024 * 1024): MenuCache {
  /** The snapshot read for the last known version (its own version may be newer: never older). */
  let latest: { known: number; snapshot: Promise<MenuSnapshot>; loaded?: MenuSnapshot } | undefined;
  /**
   * The newest menu read whole, whatever the version now: a stopped or overloaded database leaves the
   * public menu as it last was (as the site's cached pages show it) instead of answering 503.
   */
  let lastRead: MenuSnapshot | undefined;
  /** Until when the database is taken as out of reach: no read waits for it again before then. */
  let unreachableUntil = 0;
  const answers = new LRUCache<string, MenuAnswer>({
    maxSize: maxBytes,
    // The gzip form, when made, is a fraction of the JSON: counted in the JSON's share.
    sizeCalculation: ({ body }, key) => Math.ceil(body.length * 1.5) + key.length,
  });

  async function current(): Promise<MenuSnapshot> {
    // Not listening: the version is read on each call, and the snapshot is still reused while it holds.
    const { version: known } = version.current() ?? (await version.read());
    if (latest?.known === known) return latest.snapshot;
    const entry: NonNullable<typeof latest> = { known, snapshot: loadSnapshot(db) };
    latest = entry;
    entry.snapshot.then(
      (loaded) => {
        entry.loaded = loaded;
        if (!lastRead || loaded.versions.version >= lastRead.versions.version) lastRead = loaded;
      },
      () => {
        if (latest === entry) latest = undefined;
      },
    );
    return entry.snapshot;
  }

  async function snapshot(): Promise<MenuSnapshot> {
    // Not listening is how a stopped database shows: an unreachable one would hold each read for the
    // connect timeout.
    if (lastRead && version.current() === undefined && Date.now() < unreachableUntil) return lastRead;
    try {
      return await current();
    } catch (error) {
      if (!lastRead || !(isDatabaseUnavailable(error) || isStatementCancelled(error))) throw error;
      unreachableUntil = Date.now() + UNREACHABLE_RETRY_MS;
      return lastRead;
    }
  }

  function answer(menu: MenuSnapshot, key: string, build: (menu: MenuSnapshot) => unknown): MenuAnswer {
    const cacheKey = `${menu.versions.version}|${key}`;
    let made = answers.get(cacheKey);
    if (made === undefined) {
      const body = JSON.stringify(build(menu));
      let gzipped: Bytes | undefined;
      made = {
        tag: menuTag(menu.versions, key),
        body,
        gzipped: () => {
          gzipped ??= gzip(body);
          return gzipped;
        },
      };
      answers.set(cacheKey, made);
    }
    return made;
  }

  return {
    ready() {
      const known = version.current()?.version;
      return latest?.loaded && latest.known === known ? latest.loaded : undefined;
    },
    snapshot,
    list(menu, query) {
      const { category, limit } = query;
      return answer(menu, listKey(query), ({ items }) => {
        const chosen = category === 'all' ? items : items.filter((item) => item.category === category);
        return limit === 0 ? chosen : chosen.slice(0, limit);
      });
    },
    item(menu, id) {
      const item = menu.byId.get(id);
      return item && answer(menu, itemKey(id), () => ({ ...item, options: menu.options.get(id) ?? [] }));
    },
  };
}
