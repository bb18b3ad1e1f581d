import * as v from 'valibot';

/**
 * Control characters: C0 (tab, line breaks, escape), DEL and C1, and the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a text read otherwise than it is
 * stored. Joiners (U+200C, U+200D) are not among them: Bengali and emoji need them.
 */
export const CONTROL_CHARACTER = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

export const NAME_CONTROL_MESSAGE = 'Name can not contain tabs, line breaks or other control characters';

/**
 * A person's name as typed (checkout's fullName, a booking's name, a profile's displayName): it is shown
 * to staff and put in mail, so a pasted escape sequence or line break is refused, not kept. Goes after
 * the field's emptiness rule, so an empty field keeps the spec's message.
 */
export const plainName = () => v.check((name: string) => !CONTROL_CHARACTER.test(name), NAME_CONTROL_MESSAGE);
