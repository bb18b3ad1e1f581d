/**
 * The router's side of the paged lists' addresses (src/router.tsx): each route keeps its own search
 * fields, as text or number as the URL has them, and drops any other. The fields' rules are checked with
 * valibot by the list's page (list-search.ts): the schemas and the contract they come from load with
 * the page, not with every visitor's first page (docs/benchmarks.md budgets that one).
 */
export type AddressOf<Key extends string> = { [K in Key]?: string | number };

function keep<const Key extends string>(...keys: Key[]) {
  const validate = (search: Record<string, unknown>): AddressOf<Key> => {
    const kept: AddressOf<Key> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' || typeof value === 'number') kept[key] = value;
    }
    return kept;
  };
  return Object.assign(validate, { keys });
}

export const manageOrdersAddress = keep(
  'status',
  'state',
  'from',
  'to',
  'q',
  'payment_method',
  'cursor',
  'limit',
);
export const manageUsersAddress = keep('role', 'q', 'cursor', 'limit');
export const manageItemsAddress = keep('stock', 'q', 'cursor', 'limit');
export const reservationsAddress = keep('date', 'cursor', 'limit');
export const pagedAddress = keep('cursor', 'limit');
/** A booking's signed link (src/routes/booking-link.tsx): its key. */
export const bookingLinkAddress = keep('key');
/** The Menu's tab (src/routes/menu.tsx). */
export const menuAddress = keep('category');
