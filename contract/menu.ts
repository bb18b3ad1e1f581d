import * as v from 'valibot';
import { OptionGroupSchema } from './options.ts';

/** The menu's tabs; 'all' is a filter, never an item's category. */
export const MENU_TABS = ['all', 'pizza', 'burger', 'desert', 'drink', 'salad'] as const;
export const ITEM_CATEGORIES = ['pizza', 'burger', 'desert', 'drink', 'salad'] as const;
export type MenuTab = (typeof MENU_TABS)[number];
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];
export const isMenuTab = (value: unknown): value is MenuTab =>
  typeof value === 'string' && (MENU_TABS as readonly string[]).includes(value);

/** Home's "Our Special Menu" shows this many items; 0 means the whole category. */
export const LIMITED_VIEW = 8;
export const FULL_VIEW = 0;
export const DESCRIPTION_PREVIEW = 80;

export const MenuItemSchema = v.object({
  _id: v.string(),
  name: v.string(),
  price: v.number(),
  quantity: v.pipe(v.number(), v.integer()),
  image: v.string(),
  category: v.picklist(ITEM_CATEGORIES),
  description: v.string(),
  /**
   * Its option groups, in the page's order: in one item's answer (GET /item-detail/{id}, the admin's),
   * not in the menu's lists, whose cards add an item with its defaults.
   */
  options: v.optional(v.array(OptionGroupSchema)),
  /** Manage items' list only: the stock Sold out replaced, which Back in stock puts back (null: none). */
  restock_quantity: v.optional(v.nullable(v.number())),
});
export type MenuItem = v.InferOutput<typeof MenuItemSchema>;
export const MenuItemListSchema = v.array(MenuItemSchema);

export const AllItemsQuerySchema = v.object({
  category: v.picklist(MENU_TABS, `category must be one of: ${MENU_TABS.join(', ')}`),
  limit: v.pipe(
    v.string('limit is required'),
    v.regex(/^\d{1,4}$/, 'limit must be a whole number from 0 to 1000'),
    v.transform(Number),
    v.maxValue(1000, 'limit must be a whole number from 0 to 1000'),
  ),
});
export type AllItemsQuery = v.InferOutput<typeof AllItemsQuerySchema>;

/**
 * Stock at or under this is low: the owner sees it flagged on Manage items. The partial index
 * menu_items_low_created_idx (migration 0007) is written for this number: a new one needs a migration.
 */
export const LOW_STOCK = 3;
export type StockLevel = 'out' | 'low' | 'ok';
export const stockLevel = (quantity: number): StockLevel =>
  quantity <= 0 ? 'out' : quantity <= LOW_STOCK ? 'low' : 'ok';

/** Manage items' stock filter: sold out (0), or low (LOW_STOCK or fewer, sold out included). */
export const STOCK_FILTERS = ['out', 'low'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** A card's description: its first 80 characters, and '…' when that cuts it. */
export function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW
    ? `${description.slice(0, DESCRIPTION_PREVIEW)}…`
    : description;
}

/**
 * The menu's versions (server/db/menu-version.ts): `version` moves with every change to the menu,
 * `listing` only with what the listing pages (Home, Menu) show of it: an item added, deleted or
 * re-described, sold out or back in stock. A page is kept for the one that covers what it shows.
 */
export interface MenuVersions {
  version: number;
  listing: number;
}
export type MenuPart = keyof MenuVersions;

/**
 * The ETag of a menu answer: the menu's versions and which answer it is (one URL's tag never fits
 * another's); weak, the same menu whatever the bytes.
 */
export const menuTag = ({ version, listing }: MenuVersions, key: string): string =>
  `W/"m${version}-${listing}.${key}"`;
/**
 * The Server-Timing entry a cached page is sent with while the menu has moved past the data it shows
 * (server/site/page-cache.ts): the counts of stock in it may be behind, and the item page reads its
 * item again once it is the browser's (Server-Timing, as CDNs tell a page of its cache, is the one
 * header of a page's own answer that the page's script can read).
 */
export const MENU_BEHIND = { name: 'menu', description: 'behind' } as const;
export const MENU_BEHIND_HEADER = `${MENU_BEHIND.name};desc=${MENU_BEHIND.description}`;

/** The menu versions an ETag of ours names; undefined for any other tag. */
export const versionsOfTag = (tag: string | null | undefined): MenuVersions | undefined => {
  const found = /^W\/"m(\d+)-(\d+)\./.exec(tag ?? '');
  return found ? { version: Number(found[1]), listing: Number(found[2]) } : undefined;
};
