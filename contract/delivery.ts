// Where the shop delivers, and at what cost (docs/decisions/037-order-types-slots-and-estimates.md): the
// owner's delivery areas (Admin → Delivery), each a list of postcodes with a fee rule, a minimum order and
// the time a rider takes. Checkout asks the same two questions on both sides, with the same words: is
// this postcode in an area, and is the food enough for its minimum.
import * as v from 'valibot';
import { formatCartPrice, toCents, toTaka } from './money.ts';
import { wholeNumber } from './numbers.ts';

/** How an area charges: a share of the food (the spec's 5 %), or a fixed fee. */
export const FEE_KINDS = ['percent', 'fixed'] as const;
export type FeeKind = (typeof FEE_KINDS)[number];

/** The spec's rule (5 % of each line's subtotal) is the seeded area's: a percent of the food. */
export const DEFAULT_DELIVERY_MINUTES = 20;

/** The most areas and postcodes an owner keeps: a city's worth. */
export const MAX_AREAS = 50;
export const MAX_POSTCODES = 500;

/** A delivery fee rule in cents, as pricing applies it (contract/pricing.ts). */
export interface DeliveryRule {
  kind: FeeKind;
  /** For 'percent': of each line's own subtotal, rounded half-up per line (the spec's way). */
  percent: number;
  /** For 'fixed': the order's one fee. */
  feeCents: number;
  /** Delivery is free when the food (after any discount) comes to this or more; null: never free. */
  freeAboveCents: number | null;
}

/** An area as the shop keeps it, in cents. */
export interface Area extends DeliveryRule {
  id: string;
  name: string;
  /** Normalised (normalPostcode); none: every postcode no other area lists. */
  postcodes: readonly string[];
  minimumCents: number;
  /** What a rider adds to the kitchen's time. */
  deliveryMinutes: number;
}

/** A postcode as areas list it: capitals, no spaces ('1205', 'SW1A1AA'). */
export const normalPostcode = (postcode: string): string => postcode.replace(/\s+/g, '').toUpperCase();

/**
 * The area a postcode is delivered in: the first that lists it, else the first that lists none (the
 * catch-all); none when neither exists.
 */
export function areaFor<A extends Pick<Area, 'postcodes'>>(
  areas: readonly A[],
  postcode: string,
): A | undefined {
  const code = normalPostcode(postcode);
  if (code === '') return undefined;
  return (
    areas.find((area) => area.postcodes.includes(code)) ?? areas.find((area) => area.postcodes.length === 0)
  );
}

export const notDeliveredMessage = (postcode: string): string =>
  `We don't deliver to ${postcode.trim()} yet — try pickup`;
export const belowMinimumMessage = (missingCents: number): string =>
  `Add ${formatCartPrice(missingCents)} more for delivery`;

/**
 * Why a delivery to `postcode` can not be ordered with `foodCents` of food (after any discount), in
 * the words checkout shows before payment and the server's 400 gives; null when it can.
 */
export function deliveryProblem(areas: readonly Area[], postcode: string, foodCents: number): string | null {
  const area = areaFor(areas, postcode);
  if (!area) return notDeliveredMessage(postcode);
  if (foodCents < area.minimumCents) return belowMinimumMessage(area.minimumCents - foodCents);
  return null;
}

/** What an area charges, in a few words: '5 % of the food', '2.50 tk, free from 20.00 tk'. */
export function feeText(rule: DeliveryRule): string {
  const fee = rule.kind === 'percent' ? `${rule.percent} % of the food` : formatCartPrice(rule.feeCents);
  return rule.freeAboveCents === null ? fee : `${fee}, free from ${formatCartPrice(rule.freeAboveCents)}`;
}

/** GET /delivery-areas answer: an area as the API gives it, money in taka. */
export const DeliveryAreaSchema = v.object({
  _id: v.string(),
  name: v.string(),
  postcodes: v.array(v.string()),
  feeKind: v.picklist(FEE_KINDS),
  feePercent: v.number(),
  fee: v.number(),
  freeAbove: v.nullable(v.number()),
  minimum: v.number(),
  deliveryMinutes: v.number(),
});
export type DeliveryArea = v.InferOutput<typeof DeliveryAreaSchema>;
export const DeliveryAreaListSchema = v.array(DeliveryAreaSchema);

/** An area as the API gives it, read back into cents. */
export const areaOf = (area: DeliveryArea): Area => ({
  id: area._id,
  name: area.name,
  postcodes: area.postcodes,
  kind: area.feeKind,
  percent: area.feePercent,
  feeCents: toCents(area.fee),
  freeAboveCents: area.freeAbove === null ? null : toCents(area.freeAbove),
  minimumCents: toCents(area.minimum),
  deliveryMinutes: area.deliveryMinutes,
});

/** An area in the API's form, from cents. */
export const deliveryAreaOf = (area: Area): DeliveryArea => ({
  _id: area.id,
  name: area.name,
  postcodes: [...area.postcodes],
  feeKind: area.kind,
  feePercent: area.percent,
  fee: toTaka(area.feeCents),
  freeAbove: area.freeAboveCents === null ? null : toTaka(area.freeAboveCents),
  minimum: toTaka(area.minimumCents),
  deliveryMinutes: area.deliveryMinutes,
});

const money = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.minValue(0, `${label} can not be negative`),
    v.maxValue(100_000, `${label} must be at most 100000`),
    v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label} can have at most 2 decimals`),
  );
/** One area as the owner saves it: an `_id` keeps an area (and its orders' link), none makes one. */
export const AreaInputSchema = v.object({
  _id: v.optional(v.pipe(v.string('_id must be an area id'), v.uuid('_id must be an area id'))),
  name: v.pipe(
    v.string('Name is required'),
    v.trim(),
    v.nonEmpty('Name is required'),
    v.maxLength(60, 'Name is too long (at most 60 characters)'),
  ),
  postcodes: v.pipe(
    v.array(
      v.pipe(
        v.string('Postcodes must be text'),
        v.transform(normalPostcode),
        v.nonEmpty('A postcode is empty'),
        v.maxLength(12, 'A postcode is too long'),
        v.regex(/^[0-9A-Z-]+$/, 'A postcode may hold letters, digits and dashes only'),
      ),
      'postcodes must be a list',
    ),
    v.maxLength(MAX_POSTCODES, `At most ${MAX_POSTCODES} postcodes an area`),
  ),
  feeKind: v.picklist(FEE_KINDS, `feeKind must be one of: ${FEE_KINDS.join(', ')}`),
  feePercent: wholeNumber('The fee percent', 0, 100),
  fee: money('The fee'),
  freeAbove: v.nullable(money('Free from')),
  minimum: money('The minimum order'),
  deliveryMinutes: wholeNumber('Delivery time', 0, 240),
});
export type AreaInput = v.InferOutput<typeof AreaInputSchema>;

/** PUT /admin-delivery-areas body: every area, in the order checkout looks for a postcode. */
export const AreasInputSchema = v.object({
  areas: v.pipe(
    v.array(AreaInputSchema, 'areas must be a list'),
    v.maxLength(MAX_AREAS, `At most ${MAX_AREAS} areas`),
    v.check((areas) => {
      const codes = areas.flatMap((area) => area.postcodes);
      return new Set(codes).size === codes.length;
    }, 'A postcode is listed in two areas'),
  ),
});
export type AreasInput = v.InferOutput<typeof AreasInputSchema>;
