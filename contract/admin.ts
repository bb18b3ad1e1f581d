import * as v from 'valibot';
import { BookingStateSchema } from './booking-lifecycle.ts';
import { ITEM_CATEGORIES, STOCK_FILTERS } from './menu.ts';
import { DaySchema, PageQuerySchema, SearchSchema } from './paging.ts';
import { ADMIN_ROLE, CUSTOMER_ROLE } from './user.ts';

const text = (label: string, max: number) =>
  v.pipe(
    v.string(`${label} is required`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(max, `${label} is too long (at most ${max} characters)`),
  );

/** Form fields arrive as text, JSON as numbers: both are read the same way. */
const numeric = (label: string) =>
  v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(`${label} is required`))],
      `${label} is required`,
    ),
    v.transform(Number),
    v.check((n) => Number.isFinite(n), `${label} must be a number`),
  );

/** The spec's price: a decimal above 0, stored exactly in cents. */
const price = v.pipe(
  numeric('Price'),
  v.minValue(0.01, 'Price must be more than 0'),
  v.maxValue(100_000, 'Price must be at most 100000'),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Price can have at most 2 decimals'),
);

/** The spec's quantity (stock): a whole number, 0 or more. */
const quantity = v.pipe(
  numeric('Quantity'),
  v.integer('Quantity must be a whole number'),
  v.minValue(0, 'Quantity can not be negative'),
  v.maxValue(100_000, 'Quantity must be at most 100000'),
);

/** The pictures an item's image may be (its address's path ends so; a query string may follow). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp', 'gif', 'avif', 'svg'] as const;
export const ITEM_IMAGE_RULE = `Image must be an https:// address or a site path (/images/…) of a picture: .${IMAGE_EXTENSIONS.join(', .')}`;
const PICTURE_PATH = new RegExp(`\\.(${IMAGE_EXTENSIONS.join('|')})$`, 'i');

/**
 * An item's picture loads on every visitor's menu, so it must look like one: an https address on a
 * named host with no user name or password, or a path under /images/ on this site, its path ending in
 * a picture's extension (a query string may follow, a fragment may not). What a browser would read
 * otherwise than it looks (blanks, control characters, a backslash) is refused. (Here with the admin's
 * forms, not in contract/menu.ts, which every visitor's first page loads.)
 */
export const isItemImageAddress = (value: string): boolean => {
  if (/[\s\\#]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    return false;
  if (value.startsWith('/')) {
    const path = value.split('?', 1)[0]!;
    return path.startsWith('/images/') && !path.split('/').includes('..') && PICTURE_PATH.test(path);
  }
  if (!/^https:\/\/[^/?#@]+\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.username === '' && url.password === '' && url.hostname !== '' && PICTURE_PATH.test(url.pathname)
    );
  } catch {
    return false;
  }
};

const image = v.pipe(text('Image', 2048), v.check(isItemImageAddress, ITEM_IMAGE_RULE));

/** How many groups an item may have, and choices a group: a page, and a kitchen card, stay readable. */
export const MAX_OPTION_GROUPS = 8;
export const MAX_GROUP_CHOICES = 16;

const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A choice as the owner edits it: `_id` keeps an existing one (and the cart lines that chose it). */
export const OptionChoiceInputSchema = v.object({
  _id: v.optional(v.pipe(v.string(), v.uuid('A choice id must be one of this item’s'))),
  name: text('Choice name', 40),
  priceDelta: v.pipe(
    numeric('Price change'),
    v.minValue(-100_000, 'Price change must be at least -100000'),
    v.maxValue(100_000, 'Price change must be at most 100000'),
    v.check(cents, 'Price change can have at most 2 decimals'),
  ),
  default: v.boolean('default must be true or false'),
  available: v.boolean('available must be true or false'),
});

/** The count bounds of a group: whole numbers from 0 to MAX_GROUP_CHOICES. */
const bound = (label: string) =>
  v.pipe(
    numeric(label),
    v.integer(`${label} must be a whole number`),
    v.minValue(0, `${label} can not be negative`),
    v.maxValue(MAX_GROUP_CHOICES, `${label} must be at most ${MAX_GROUP_CHOICES}`),
  );

/** Why a group as edited can not be offered, naming it; null when it can (contract/options.ts's rule). */
function groupProblem(group: {
  name: string;
  required: boolean;
  min: number;
  max: number;
  choices: ReadonlyArray<{ name: string; default: boolean }>;
}): string | null {
  const { name, required, min, max, choices } = group;
  if (required && min < 1) return `${name}: a required group takes at least 1 choice`;
  if (!required && min > 0) return `${name}: a group that is not required takes at least 0`;
  if (max < 1) return `${name}: at most must be 1 or more`;
  if (min > max) return `${name}: at least can not be above at most`;
  if (max > choices.length) return `${name}: at most can not be above its ${choices.length} choices`;
  const names = choices.map((choice) => choice.name.toLowerCase());
  if (new Set(names).size < names.length) return `${name}: two choices have the same name`;
  const defaults = choices.filter((choice) => choice.default).length;
  if (defaults > max) return `${name}: more defaults than it takes (at most ${max})`;
  if (defaults > 0 && defaults < min) return `${name}: fewer defaults than it takes (at least ${min})`;
  return null;
}

/** A group as the owner edits it; the order of the list is the page's. */
export const OptionGroupInputSchema = v.pipe(
  v.object({
    _id: v.optional(v.pipe(v.string(), v.uuid('A group id must be one of this item’s'))),
    name: text('Group name', 40),
    required: v.boolean('required must be true or false'),
    min: bound('At least'),
    max: bound('At most'),
    choices: v.pipe(
      v.array(OptionChoiceInputSchema),
      v.minLength(1, 'A group needs at least one choice'),
      v.maxLength(MAX_GROUP_CHOICES, `A group can have at most ${MAX_GROUP_CHOICES} choices`),
    ),
  }),
  v.check(
    (group) => groupProblem(group) === null,
    (issue) => groupProblem(issue.input) ?? 'This option group can not be offered',
  ),
);
export type OptionGroupInput = v.InferOutput<typeof OptionGroupInputSchema>;
export type OptionGroupFormInput = v.InferInput<typeof OptionGroupInputSchema>;

/** An item's groups as the owner edits them (Add items, Update item): replaced whole when sent. */
export const OptionGroupsInputSchema = v.pipe(
  v.array(OptionGroupInputSchema),
  v.maxLength(MAX_OPTION_GROUPS, `An item can have at most ${MAX_OPTION_GROUPS} option groups`),
  v.check(
    (groups) => new Set(groups.map((group) => group.name.toLowerCase())).size === groups.length,
    'Two option groups have the same name',
  ),
);

/** POST /add-item body and the Add items form. */
export const NewItemSchema = v.object({
  name: text('Name', 80),
  price,
  quantity,
  image,
  category: v.picklist(ITEM_CATEGORIES, `Category must be one of: ${ITEM_CATEGORIES.join(', ')}`),
  description: text('Description', 2000),
  /** Its option groups (none when left out). */
  options: v.optional(OptionGroupsInputSchema),
});
export type NewItemInput = v.InferInput<typeof NewItemSchema>;
export type NewItem = v.InferOutput<typeof NewItemSchema>;

/** PATCH /admin-item-update/{id} body and the Update item form (the category is not edited). */
export const ItemUpdateSchema = v.object({
  name: text('Name', 80),
  price,
  quantity,
  image,
  description: text('Description', 2000),
  /** Its option groups, replacing the ones it has; left out (as the spec's body does), they stay. */
  options: v.optional(OptionGroupsInputSchema),
});
export type ItemUpdateInput = v.InferInput<typeof ItemUpdateSchema>;
export type ItemUpdate = v.InferOutput<typeof ItemUpdateSchema>;

/** DELETE /delete-user query: the record id and the account's uid must belong together. */
export const DeleteUserQuerySchema = v.object({
  mid: v.pipe(v.string('mid is required'), v.uuid('mid must be a user record id')),
  fid: v.pipe(
    v.string('fid is required'),
    v.trim(),
    v.nonEmpty('fid is required'),
    v.maxLength(128, 'fid is too long'),
  ),
});

/** PATCH /admin-order-delete/{id} answer. */
export const MatchedSchema = v.object({ matchedCount: v.number() });

export const ReservationRowSchema = v.object({
  _id: v.string(),
  name: v.string(),
  email: v.string(),
  persons: v.number(),
  date: v.string(),
  time: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  createdAt: v.string(),
  /** Since the room was modelled (null before it): what the guest quotes. */
  reference: v.optional(v.nullable(v.string())),
  state: v.optional(BookingStateSchema),
  walkIn: v.optional(v.boolean()),
});
export type ReservationRow = v.InferOutput<typeof ReservationRowSchema>;
export const ReservationListSchema = v.array(ReservationRowSchema);

/** Manage users' filters: customers or admins (any other role), and a search on name or e-mail. */
export const USER_ROLE_FILTERS = [CUSTOMER_ROLE, ADMIN_ROLE] as const;
export const UserFiltersSchema = v.object({
  role: v.optional(v.picklist(USER_ROLE_FILTERS, `role must be one of: ${USER_ROLE_FILTERS.join(', ')}`)),
  q: v.optional(SearchSchema),
});
export type UserFilters = v.InferOutput<typeof UserFiltersSchema>;
/** GET /users query. */
export const UsersQuerySchema = v.object({ ...PageQuerySchema.entries, ...UserFiltersSchema.entries });

/** Manage items' filters: sold out or low stock, and a search on the item's name. */
export const ItemFiltersSchema = v.object({
  stock: v.optional(v.picklist(STOCK_FILTERS, `stock must be one of: ${STOCK_FILTERS.join(', ')}`)),
  q: v.optional(SearchSchema),
});
export type ItemFilters = v.InferOutput<typeof ItemFiltersSchema>;
/** GET /admin-all-items query. */
export const ItemsQuerySchema = v.object({ ...PageQuerySchema.entries, ...ItemFiltersSchema.entries });

/** Reservations' filter: the day booked. */
export const ReservationFiltersSchema = v.object({ date: v.optional(DaySchema) });
export type ReservationFilters = v.InferOutput<typeof ReservationFiltersSchema>;
/** GET /admin-reservations query. */
export const ReservationsQuerySchema = v.object({
  ...PageQuerySchema.entries,
  ...ReservationFiltersSchema.entries,
});

/**
 * PUT /admin-item-stock/{id} body: Manage items' toggle. Sold out keeps the stock it replaces; Back in
 * stock puts back `quantity`, or when none is sent the stock that Sold out kept (400 when there is none).
 */
export const ItemStockSchema = v.object({
  soldOut: v.boolean('soldOut must be true or false'),
  quantity: v.optional(v.pipe(quantity, v.minValue(1, 'Quantity must be at least 1 to be back in stock'))),
});
export type ItemStock = v.InferOutput<typeof ItemStockSchema>;

/** PUT /admin-item-stock/{id} answer: the stock now, and what Back in stock would put back (null: none kept). */
export const ItemStockAnswerSchema = v.object({
  quantity: v.number(),
  restock_quantity: v.nullable(v.number()),
});
