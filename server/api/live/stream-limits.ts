/**
 * What the live order streams may take of the API (docs/decisions/024-bounded-streams.md). Each field
 * stands for one environment variable: maxPerAccount STREAM_MAX_PER_ACCOUNT, maxPerAddress
 * STREAM_MAX_PER_ADDRESS, recheckMs STREAM_RECHECK_MS.
 */
export interface StreamLimits {
  /** Streams one account may hold open at once, over every API process. */
  maxPerAccount: number;
  /** Streams one caller address (as the rate limits count it) may hold open at once. */
  maxPerAddress: number;
  /** The longest an open stream goes before it checks again that its account still qualifies. */
  recheckMs: number;
}

/**
 * A customer follows their orders in a tab or two and a phone; staff keep the kitchen board on a few
 * screens. An office or campus shares one address, hence ten times that per address.
 */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxPerAccount: 5, maxPerAddress: 50, recheckMs: 60_000 };
