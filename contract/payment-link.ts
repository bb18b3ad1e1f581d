// A phone order's payment link (docs/decisions/039-cash-and-the-counter.md): where its caller comes back.

/** How the gateway's page ended for a caller who paid through a phone order's link. */
export const LINK_VERDICTS = ['success', 'fail', 'cancel'] as const;
export type LinkVerdict = (typeof LINK_VERDICTS)[number];

/**
 * Where the gateway sends back a caller who paid through a payment link: the order has no account, so
 * not to a customer's pages (they would ask the caller to log in), but to a page that needs none.
 */
export const linkReturnPath = (transactionId: string, verdict: LinkVerdict): string =>
  `/phone-order/${encodeURIComponent(transactionId)}?payment=${verdict}`;
