// What both of our Node servers (the API and the site) need to cut slow clients off on time.

/**
 * How often Node looks for connections past their timeouts: at most half the headers timeout, and at
 * most a second (Node's default, 30 s, would add up to that).
 */
export const checkIntervalFor = (headersTimeoutMs: number): number =>
  Math.max(1, Math.min(1_000, Math.floor(headersTimeoutMs / 2)));
