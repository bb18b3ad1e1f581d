import * as v from 'valibot';
import { plainName, plainPlace } from './names.ts';

/** The customer role; any other role is treated as admin (spec section 6). 'admin' is the one we write. */
export const CUSTOMER_ROLE = 'user';
export const ADMIN_ROLE = 'admin';
export const isCustomerRole = (role: string): boolean => role === CUSTOMER_ROLE;

/** Where the browser keeps the API token (spec section 3). */
export const API_TOKEN_STORAGE_KEY = 'access-token';
/** Lifetime of our API token; the session renews it five minutes before it runs out. */
export const API_TOKEN_TTL_SECONDS = 60 * 60;

const EMPTY_FIELD = 'Empty filed can not be submitted';

export const UidSchema = v.pipe(
  v.string('uid is required'),
  v.trim(),
  v.nonEmpty('uid is required'),
  v.maxLength(128, 'uid is too long'),
);

/** POST /jwt body. */
export const ApiTokenRequestSchema = v.object({ uid: UidSchema });
/** POST /jwt answer: `expiresIn` in seconds. */
export const ApiTokenSchema = v.object({ token: v.string(), expiresIn: v.number() });
export type ApiToken = v.InferOutput<typeof ApiTokenSchema>;

/** GET /role/{uid} answer. */
export const RoleSchema = v.object({ role: v.string() });

/**
 * A photo address safe to load, or '' for none: records saved before the rule, and a sign-in
 * provider's picture, may not follow it.
 */
export const safePhoto = (url: string | null | undefined): string => (url && isPhotoAddress(url) ? url : '');

/** Far above any real image host's addresses, far below what would bloat the admin's list of users. */
export const PHOTO_URL_MAX_LENGTH = 1024;
export const PHOTO_URL_RULE = 'Photo URL must be an https:// address (no user name or password)';

const hasBlankOrControl = (value: string): boolean =>
  /[\s\\]/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * A customer's photo loads in the admin's browser (Manage users), so it may only be an https address on
 * a named host with no user name or password, or a path on this site. Whatever a browser would read
 * otherwise than it looks is refused: a backslash ('/\host' is another host to a browser), blanks and
 * control characters (dropped by URL parsers), and 'https:host' without its two slashes.
 */
export const isPhotoAddress = (value: string): boolean => {
  if (hasBlankOrControl(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  // The authority is everything up to the first / ? or #: no '@' in it means no credentials, even empty.
  if (!/^https:\/\/[^/?#@]+(?:[/?#]|$)/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
};

/**
 * POST /users body. The spec's body also carries a role; it is accepted and ignored: every sign-up is a
 * customer. The email is accepted for the spec's sake and ignored too: uid, email and whether the
 * provider verified it come from the verified ID token only.
 */
export const NewUserSchema = v.object({
  uid: UidSchema,
  displayName: v.optional(
    v.pipe(v.string('displayName must be text'), v.trim(), v.maxLength(80, 'Name is too long'), plainName()),
    '',
  ),
  email: v.optional(
    v.pipe(v.string('email must be text'), v.trim(), v.maxLength(254, 'Email is too long')),
    '',
  ),
  photoURL: v.optional(
    v.pipe(
      v.string('photoURL must be text'),
      v.trim(),
      v.maxLength(PHOTO_URL_MAX_LENGTH, 'Photo URL is too long'),
      v.check((url) => url === '' || isPhotoAddress(url), PHOTO_URL_RULE),
    ),
    '',
  ),
  role: v.optional(v.unknown()),
});
export type NewUser = v.InferInput<typeof NewUserSchema>;

/** POST /users answer: `insertedId` is null when the account was already registered. */
export const RegisteredSchema = v.object({ insertedId: v.nullable(v.string()), message: v.string() });

/** A user record as the API shows it. */
export const UserSchema = v.object({
  _id: v.string(),
  uid: v.string(),
  displayName: v.string(),
  email: v.string(),
  photoURL: v.string(),
  role: v.string(),
  address: v.string(),
});
export type User = v.InferOutput<typeof UserSchema>;

/**
 * GET /profile answer: the record, and whether the identity provider verified its e-mail (order mail
 * goes only to a verified one).
 */
export const ProfileSchema = v.object({ ...UserSchema.entries, emailVerified: v.boolean() });
export type Profile = v.InferOutput<typeof ProfileSchema>;

/**
 * PATCH /update-profile/{id} body, and the profile form's rule. Email and role are read-only: if sent
 * they are dropped (valibot's object keeps only the keys it names).
 */
export const ProfileUpdateSchema = v.object({
  displayName: v.pipe(
    v.optional(v.string(EMPTY_FIELD), ''),
    v.trim(),
    v.nonEmpty(EMPTY_FIELD),
    v.maxLength(80, 'Name is too long'),
    plainName(),
  ),
  photoURL: v.pipe(
    v.optional(v.string(EMPTY_FIELD), ''),
    v.trim(),
    v.nonEmpty(EMPTY_FIELD),
    v.maxLength(PHOTO_URL_MAX_LENGTH, 'Photo URL is too long'),
    v.check(isPhotoAddress, PHOTO_URL_RULE),
  ),
  address: v.pipe(
    v.optional(v.string(EMPTY_FIELD), ''),
    v.trim(),
    v.nonEmpty(EMPTY_FIELD),
    v.maxLength(300, 'Address is too long'),
    plainPlace('Address'),
  ),
});
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;

/** PUT /profile/address body: checkout's "Save to my profile", the profile form's address rule. */
export const ProfileAddressSchema = v.object({ address: ProfileUpdateSchema.entries.address });
export type ProfileUpdate = v.InferOutput<typeof ProfileUpdateSchema>;

/** PATCH answers: `modifiedCount` 0 with `matchedCount` 1 means nothing changed. */
export const UpdateResultSchema = v.object({ matchedCount: v.number(), modifiedCount: v.number() });
export type UpdateResult = v.InferOutput<typeof UpdateResultSchema>;
