import { describeChoices, type LineChoice } from '../../../contract/options.ts';

/** One line of the order, as the gateway's page may describe it. */
export interface PaymentLine {
  name: string;
  category: string;
  quantity: number;
  /** One unit's price: the item's with its options' deltas. */
  priceCents: number;
  /** The options chosen, in the item's order. */
  options?: ReadonlyArray<Pick<LineChoice, 'group' | 'name' | 'extra'>>;
  instructions?: string;
}

/** A line as a gateway's product description reads it: 'Margherita (Large · Thin · +Olives) x2'. */
export function describePaymentLine({ name, options = [], quantity }: PaymentLine): string {
  const chosen = describeChoices(options);
  return `${name}${chosen ? ` (${chosen})` : ''} x${quantity}`;
}

/** What a gateway needs to open a payment page for an order that has reserved its stock. */
export interface PaymentPageRequest {
  transactionId: string;
  /** The order's total (lines + 5% shipping), integer cents. */
  amountCents: number;
  customer: {
    fullName: string;
    email: string;
    phone: string;
    address: string;
    city: string;
    postcode: string;
  };
  lines: PaymentLine[];
  /**
   * The storefront origin the checkout came from (one of the API's SITE_ORIGIN): the gateway's return
   * brings the customer back there (return-site.ts). None: the first storefront origin.
   */
  returnSite?: string | undefined;
}

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled';

/** A notification the gateway vouches for. */
export interface VerifiedNotification {
  transactionId: string;
  outcome: PaymentOutcome;
  /** The amount the gateway says was paid (for 'paid'); checked against the order's total. */
  amountCents: number;
  /** The gateway's own reference for a validated payment (SSLCommerz val_id), kept on the order. */
  reference?: string;
}

export interface PaymentGateway {
  readonly name: string;
  /** The page to send the customer's browser to; rejects when the gateway cannot be reached. */
  createPaymentPage(order: PaymentPageRequest): Promise<{ url: string }>;
  /**
   * Checks a server-to-server notification (or the fields of a browser return): null when it is
   * forged, malformed or not vouched for by the gateway. Rejects only when the gateway could not be
   * asked (the caller answers 5xx so the gateway retries).
   */
  verifyNotification(fields: Record<string, string>): Promise<VerifiedNotification | null>;
}

/** '123.45' (or '123.4', '123') → 12345; null for anything else. */
export function parseTaka(text: string | undefined): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2})\d*)?\s*$/.exec(text ?? '');
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  const extra = text!.trim().split('.')[1]?.slice(2) ?? '';
  // More than 2 decimals is only accepted when they are zeros ('100.0000' from some gateways).
  if (/[1-9]/.test(extra)) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
