import { randomInt } from 'node:crypto';

/** Crockford's alphabet: no I, L, O or U, so a reference read out on the phone is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERENCE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** A booking's reference: 8 characters, 32^8 of them, drawn at random (the link's key is the secret). */
export function newBookingReference(): string {
  return Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
