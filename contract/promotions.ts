// Promo codes (docs/decisions/038-promos-reorders-and-the-owners-day.md): the owner's terms, the rule
// that turns them into a discount on the food (contract/pricing.ts applies it, in cents), and every
// reason a code does not apply, in the words the customer reads. Whether a code is valid now and has
// uses left is the server's to say (it counts the uses); what it takes off is this file's.
import * as v from 'valibot';
import { ITEM_CATEGORIES, type ItemCategory } from './menu.ts';
import { formatAmount, toCents, toTaka } from './money.ts';
import { wholeNumber } from './numbers.ts';
import { ORDER_TYPES, type OrderType, OrderTypeSchema } from './order-lifecycle.ts';
import { InstantSchema, PageQuerySchema } from './paging.ts';

export const PROMO_KINDS = ['percent', 'fixed'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

/** What an order is when nothing says otherwise: the spec's checkout ships every order. */
export const DEFAULT_ORDER_TYPE: OrderType = 'delivery';

/** What a code takes off, as pricing reads it: a percent (1–100) or a fixed amount in cents. */
export interface PromoTerms {
  code: string;
  kind: PromoKind;
  /** The percent, or the cents taken off. */
  amount: number;
  /** The food total (before the discount) the order must reach. */
  minFoodCents: number;
  /** Only these categories' lines are discounted; none named: every line. */
  categories: readonly ItemCategory[];
}

// The reasons a code does not apply, as the cart and checkout show them beside it.
export const PROMO_EXPIRED = 'Expired';
export const PROMO_ALREADY_USED = 'Already used';
export const PROMO_USED_UP = 'All used up';
export const PROMO_INACTIVE = 'Not active';
export const spendMore = (shortCents: number): string => `Spend ${formatAmount(shortCents)} tk more`;
export const startsOn = (date: string): string => `Starts on ${date}`;
export const onlyForCategories = (categories: readonly ItemCategory[]): string =>
  `Only for ${categories.join(', ')}`;
export const onlyForOrderType = (type: OrderType): string =>
  type === 'delivery' ? 'Delivery orders only' : 'Pickup orders only';
export const noSuchCode = (code: string): string => `There is no promo code ${code}`;

/**
 * Where a code stands, before any customer or order is looked at: switched off, not started, ended, its
 * uses all taken, or in force. Admin → Promotions shows it; checkout refuses by it.
 */
export const PROMO_STANDINGS = ['off', 'scheduled', 'active', 'expired', 'used_up'] as const;
export type PromoStanding = (typeof PROMO_STANDINGS)[number];
export const PROMO_STANDING_LABELS: Record<PromoStanding, string> = {
  off: 'Off',
  scheduled: 'Scheduled',
  active: 'Active',
  expired: 'Expired',
  used_up: 'Used up',
};

/** What a code's standing is read from: its switch, its dates and its limit on uses. */
export interface PromoLimits {
  active: boolean;
  startsAt: Date | string | null;
  endsAt: Date | string | null;
  maxUses: number | null;
}

/** Every use of the code is taken: `uses` orders hold one (while they hold their stock). */
export const usedUp = (promo: Pick<PromoLimits, 'maxUses'>, uses: number): boolean =>
  promo.maxUses !== null && uses >= promo.maxUses;

const instant = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * The code's standing at `now` with `uses` of it held: the one rule checkout refuses by
 * (server/api/services/promotions.ts) and Admin → Promotions shows. A code starts at its start and
 * has ended at its end.
 */
export function promoStanding(promo: PromoLimits, now: number, uses = 0): PromoStanding {
  if (!promo.active) return 'off';
  if (promo.startsAt && now < instant(promo.startsAt)) return 'scheduled';
  if (promo.endsAt && now >= instant(promo.endsAt)) return 'expired';
  return usedUp(promo, uses) ? 'used_up' : 'active';
}

/** Why a code in `standing` takes nothing off, in the customer's words; null while it is in force. */
export function refusalOfStanding(
  standing: PromoStanding,
  promo: Pick<PromoLimits, 'startsAt'>,
): string | null {
  switch (standing) {
    case 'off':
      return PROMO_INACTIVE;
    case 'scheduled':
      return startsOn(new Date(instant(promo.startsAt!)).toISOString().slice(0, 10));
    case 'expired':
      return PROMO_EXPIRED;
    case 'used_up':
      return PROMO_USED_UP;
    case 'active':
      return null;
  }
}

/** A code as typed, as it is stored and compared: trimmed, upper case. */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/** What a code did to an order: the discount, or why it took nothing off. */
export type PromoOutcome = { code: string; discountCents: number; refusal: null } | PromoRefusal;
export interface PromoRefusal {
  code: string;
  discountCents: 0;
  refusal: string;
}
export const refused = (code: string, refusal: string): PromoRefusal => ({ code, discountCents: 0, refusal });

/**
 * The discount `terms` give these priced lines: never more than the food it applies to, a percent
 * rounded half-up to the cent. Refused when the food is under the minimum (by how much) or no line is
 * of the code's categories.
 */
export function promoDiscount(
  terms: PromoTerms,
  lines: ReadonlyArray<{ subtotalCents: number; category?: string | undefined }>,
): PromoOutcome {
  const food = lines.reduce((sum, line) => sum + line.subtotalCents, 0);
  if (food < terms.minFoodCents) return refused(terms.code, spendMore(terms.minFoodCents - food));
  const limited = terms.categories.length > 0;
  const eligible = limited
    ? lines
        .filter((line) => terms.categories.includes(line.category as ItemCategory))
        .reduce((sum, line) => sum + line.subtotalCents, 0)
    : food;
  if (limited && eligible === 0) return refused(terms.code, onlyForCategories(terms.categories));
  const off =
    terms.kind === 'percent'
      ? Math.floor((eligible * terms.amount + 50) / 100)
      : Math.min(terms.amount, eligible);
  return { code: terms.code, discountCents: off, refusal: null };
}

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,23}$/;
const CODE_RULE = 'A code is 3 to 24 letters, digits, - or _';

/** A code as a customer or the owner types it: normalized, then checked. */
const CodeSchema = v.pipe(
  v.string('code is required'),
  v.transform(normalizeCode),
  v.nonEmpty('Enter a promo code'),
  v.regex(CODE_PATTERN, CODE_RULE),
);

/** PUT /cart-promo body: the code the customer typed in the cart or at checkout. */
export const PromoCodeInputSchema = v.object({ code: CodeSchema });
export type PromoCodeInput = v.InferOutput<typeof PromoCodeInputSchema>;

/**
 * GET and PUT /cart-promo answer: the code on the caller's cart (null: none) and what the server prices
 * it at on the cart as it is now (taka), or why it takes nothing off.
 */
export const CartPromoSchema = v.object({
  code: v.nullable(v.string()),
  discount: v.number(),
  refusal: v.nullable(v.string()),
});
export type CartPromo = v.InferOutput<typeof CartPromoSchema>;
export const NO_CART_PROMO: CartPromo = { code: null, discount: 0, refusal: null };

export const toCartPromo = (outcome: PromoOutcome | undefined): CartPromo =>
  outcome
    ? { code: outcome.code, discount: toTaka(outcome.discountCents), refusal: outcome.refusal }
    : NO_CART_PROMO;

const taka = (label: string, min: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(100_000, `${label} must be at most 100000`),
    v.check((n) => Math.abs(toCents(n) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  );

/**
 * POST /admin-promotions and PATCH /admin-promotions/{id} body (Admin → Promotions), in taka as the API
 * speaks: `amount` is the percent for 'percent', taka off for 'fixed'. Limits left out (null) bound nothing.
 */
export const PromotionInputSchema = v.pipe(
  v.object({
    code: CodeSchema,
    kind: v.picklist(PROMO_KINDS, `kind must be one of: ${PROMO_KINDS.join(', ')}`),
    amount: taka('Amount', 0.01),
    minFood: v.optional(taka('Minimum food total', 0), 0),
    startsAt: v.optional(v.nullable(InstantSchema), null),
    endsAt: v.optional(v.nullable(InstantSchema), null),
    maxUses: v.optional(v.nullable(wholeNumber('Total uses', 1, 1_000_000)), null),
    maxUsesPerCustomer: v.optional(v.nullable(wholeNumber('Uses per customer', 1, 1000)), null),
    orderType: v.optional(v.nullable(OrderTypeSchema), null),
    categories: v.optional(
      v.pipe(
        v.array(v.picklist(ITEM_CATEGORIES, `categories must be among: ${ITEM_CATEGORIES.join(', ')}`)),
        v.check((list) => new Set(list).size === list.length, 'A category is named twice'),
      ),
      [],
    ),
    active: v.optional(v.boolean('active must be true or false'), true),
  }),
  v.check(
    ({ kind, amount }) => kind !== 'percent' || (Number.isInteger(amount) && amount <= 100),
    'A percent is a whole number from 1 to 100',
  ),
  v.check(
    ({ startsAt, endsAt }) => !startsAt || !endsAt || Date.parse(startsAt) < Date.parse(endsAt),
    'A code must start before it ends',
  ),
);
export type PromotionInput = v.InferOutput<typeof PromotionInputSchema>;
export type PromotionFormInput = v.InferInput<typeof PromotionInputSchema>;

/** A promotion as Admin → Promotions lists it, with its uses: paid, and held by unpaid orders. */
export const PromotionSchema = v.object({
  _id: v.string(),
  code: v.string(),
  kind: v.picklist(PROMO_KINDS),
  amount: v.number(),
  minFood: v.number(),
  startsAt: v.nullable(v.string()),
  endsAt: v.nullable(v.string()),
  maxUses: v.nullable(v.number()),
  maxUsesPerCustomer: v.nullable(v.number()),
  orderType: v.nullable(v.picklist(ORDER_TYPES)),
  categories: v.array(v.picklist(ITEM_CATEGORIES)),
  active: v.boolean(),
  /** Orders paid with it (delivered or on their way; a refunded one gave its use back). */
  usesPaid: v.number(),
  /** Unpaid orders holding a use until they are paid or released (a cash order until it is accepted). */
  usesHeld: v.number(),
  /** Where it stands now by the rule checkout applies (promoStanding), its uses those paid and held. */
  standing: v.picklist(PROMO_STANDINGS),
});
export type Promotion = v.InferOutput<typeof PromotionSchema>;
export const PromotionListSchema = v.array(PromotionSchema);

/** GET /admin-promotions query: a page, newest first. */
export const PromotionsQuerySchema = PageQuerySchema;

/** What a promotion gives, in words: '10% off', '50.00 tk off', and its limits. */
export function describePromotion(
  p: Pick<Promotion, 'kind' | 'amount' | 'minFood' | 'categories' | 'orderType'>,
) {
  const off = p.kind === 'percent' ? `${p.amount}% off` : `${formatAmount(toCents(p.amount))} tk off`;
  const parts = [off];
  if (p.categories.length > 0) parts.push(`on ${p.categories.join(', ')}`);
  if (p.minFood > 0) parts.push(`from ${formatAmount(toCents(p.minFood))} tk of food`);
  if (p.orderType) parts.push(`${p.orderType} only`);
  return parts.join(', ');
}
