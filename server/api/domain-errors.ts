// What the server's own code refuses, in its own words and without HTTP
// (docs/decisions/014-domain-errors.md): services, middleware and routes throw these; the app's one
// error handler (server/api/http/error-handler.ts) answers each kind with its status and `{ message }`, the
// message exactly as thrown, so it is what the UI shows.

/** Every kind of refusal; the error handler maps each to one status. */
export type DomainErrorKind =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'upstream_failed'
  | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
}

/** The base of each kind's error: an error of that kind, its message the one the API answers. */
const ofKind = <K extends DomainErrorKind>(kind: K) =>
  class extends DomainError {
    readonly kind: K = kind;
  };

/** The request itself is wrong (a field, a body, a cap on quantities): the message names what. */
export class InvalidInput extends ofKind('invalid_input') {}

/** No valid sign-in, or the account behind it is gone or cut off. */
export class Unauthenticated extends ofKind('unauthenticated') {}

/** Signed in, but this account may not do this (the browser signs out on it: never for business refusals). */
export class Forbidden extends ofKind('forbidden') {}

/** What the call names does not exist (or is someone else's, never telling which). */
export class NotFound extends ofKind('not_found') {}

/** The thing is there but its state refuses the call (stock, the order's state, the shop closed). */
export class Conflict extends ofKind('conflict') {}

/** A service we call (payment gateway, identity provider) failed or did not answer: nothing was done. */
export class UpstreamFailed extends ofKind('upstream_failed') {}

/** We can not decide now (a service we depend on is away): the caller may try again in a moment. */
export class Unavailable extends ofKind('unavailable') {}
