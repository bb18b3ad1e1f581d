// A booking's way back without an account: its reference and a key that only the API can make, in one
// link. The key is an HMAC of the reference under a key derived from the API's own secret
// (API_TOKEN_SECRET, the same on every instance), so every API process accepts every link and no table
// holds a secret per booking; when the link stops working is the booking's business (its end: see
// services/booking-guest.ts), not the key's.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface BookingLinks {
  /** The key of a reference's link (43 base64url characters). */
  key(reference: string): string;
  /** True when `key` is the reference's own (compared in constant time). */
  verifies(reference: string, key: string): boolean;
  /** The storefront's page of the booking, with its key: what the mail carries. */
  url(reference: string): string;
}

/**
 * Links signed with a key derived from `secret` (HKDF, its own label: a booking's key can never be read
 * as an API token's signature, nor the other way round), pointing at `siteOrigin`'s booking page.
 */
export function createBookingLinks(
  secret: string | Uint8Array = randomBytes(32),
  siteOrigin = 'http://localhost:5173',
): BookingLinks {
  const linkKey = Buffer.from(hkdfSync('sha256', secret, '', 'pizzon booking links v1', 32));
  const key = (reference: string) => createHmac('sha256', linkKey).update(reference).digest('base64url');
  return {
    key,
    verifies(reference, given) {
      const expected = Buffer.from(key(reference));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    url: (reference) =>
      `${siteOrigin.replace(/\/+$/, '')}/booking/${encodeURIComponent(reference)}?key=${key(reference)}`,
  };
}
