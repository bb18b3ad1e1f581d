/**
 * What the API answers (503, with Retry-After) when it is too busy to take a call on: it did nothing
 * with it, so the storefront may send it again once the wait has passed (server/middleware/admission.ts).
 */
export const BUSY_MESSAGE = "We're very busy — try again in a few seconds";
