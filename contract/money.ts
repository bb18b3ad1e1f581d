// Money changes form at two edges, each in one place. The database, the pricing rule and the gateway
// count integer cents; the API's JSON carries the spec's taka (2 decimals), converted here both ways.
// What a person reads is one of the spec's forms (section 9), written from integer cents, so no float
// is ever rounded for display: '$' on the menu's cards, the item page and Manage items; 'tk' in the
// cart, at checkout, in a customer's orders and on the payment page; 'Tk' in the admin's orders and the
// mail.

/** The currency every price is charged in (ISO 4217): what the gateway takes, what the item pages tell search engines. */
export const CURRENCY = 'BDT';

/** Taka to cents without float drift (12.5 → 1250). */
export const toCents = (taka: number): number => Math.round(taka * 100);

/** Cents to the taka the API answers (1250 → 12.5). */
export const toTaka = (cents: number): number => cents / 100;

/** The figure alone, 2 decimals: the navbar's total, and the amount the gateway is sent (12345 → '123.45'). */
export function formatAmount(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  return `${whole < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const formatMenuPrice = (cents: number): string => `$${formatAmount(cents)}`;
export const formatCartPrice = (cents: number): string => `${formatAmount(cents)} tk`;
export const formatAdminPrice = (cents: number): string => `Tk ${formatAmount(cents)}`;
