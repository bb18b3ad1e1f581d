/**
 * What the API answers (503, with Retry-After) when it is too busy to take a call on: it did nothing
 * with it, so the storefront may send it again once the wait has passed (server/api/middleware/admission.ts).
 */
export const BUSY_MESSAGE = "We're very busy — try again in a few seconds";

/**
 * The longest a client of ours waits, whatever Retry-After says, before sending a refused call again:
 * the storefront (src/api/http.ts) and the rush's customers (scripts/bench-rush.ts).
 */
export const MAX_RETRY_AFTER_MS = 5_000;
