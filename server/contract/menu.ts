import * as v from 'valibot';

/** The menu's tabs; 'all' is a filter, never an item's category. */
export const MENU_TABS = ['all', 'pizza', 'burger', 'desert', 'drink', 'salad'] as const;
export const ITEM_CATEGORIES = ['pizza', 'burger', 'desert', 'drink', 'salad'] as const;
export type MenuTab = (typeof MENU_TABS)[number];
export type ItemCategory = (typeof ITEM_CATEGORIES)[number];

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

export function descriptionPreview(description: string): string {
  return description.slice(0, DESCRIPTION_PREVIEW);
}

/**
 * The ETag of a menu answer: the menu's version and which answer it is (one URL's tag never fits
 * another's); weak, the same menu whatever the bytes.
 */
export const menuTag = (version: number, key: string): string => `W/"m${version}.${key}"`;
/** The menu version an ETag of ours names; undefined for any other tag. */
export const versionOfTag = (tag: string | null | undefined): number | undefined => {
  const version = /^W\/"m(\d+)\./.exec(tag ?? '')?.[1];
  return version === undefined ? undefined : Number(version);
};
