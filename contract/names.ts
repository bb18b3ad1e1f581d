import * as v from 'valibot';

/**
 * Control and invisible characters: C0 (tab, line breaks, escape), DEL and C1 (Cc); every format
 * character (Cf: the bidirectional marks, embeddings, overrides and isolates, which make a text read
 * otherwise than it is stored; the zero-width space, the byte-order mark, the soft hyphen, the tag
 * characters); and the line and paragraph separators (Zl, Zp). The two joiners (U+200C, U+200D) pass:
 * Bengali conjuncts and emoji sequences need them. A flag drawn with tag characters (England's) does not.
 */
export const CONTROL_CHARACTER = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

export const NAME_CONTROL_MESSAGE = 'Name can not contain tabs, line breaks or other control characters';

/**
 * A person's name as typed (checkout's fullName, a booking's name, a profile's displayName): it is shown
 * to staff and put in mail, so a pasted escape sequence or line break is refused, not kept. Goes after
 * the field's emptiness rule, so an empty field keeps the spec's message.
 */
export const plainName = () => v.check((name: string) => !CONTROL_CHARACTER.test(name), NAME_CONTROL_MESSAGE);

/** What a typed place (a delivery address, a city, a postcode) is told when it holds one. */
export const placeControlMessage = (label: string): string =>
  `${label} can not contain tabs, line breaks or other control characters`;

/** A place as typed: shown to the kitchen and the rider and put in mail, so refused like a name. */
export const plainPlace = (label: string) =>
  v.check((text: string) => !CONTROL_CHARACTER.test(text), placeControlMessage(label));
