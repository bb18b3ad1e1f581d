import * as v from 'valibot';

// The sign-in rules and messages exactly as the spec gives them (section 5), contradictions included.
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
const PASSWORD_RULE_MESSAGE =
  "Password must be contain a single digit and one uppercase letter, Don't use  uppercase letter and special character";

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.regex(EMAIL_PATTERN, 'Invalid email address'),
);

const displayName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Username is required'),
  v.regex(/^[A-Za-z ]+$/, 'Username should contain only alphanumeric characters'),
);

// At most 6 characters here; the provider demands at least 6, so a shorter one earns its error code.
const pasasword = v.pipe(
  v.string(),
  v.nonEmpty('Password is required'),
  v.maxLength(6, 'Password must be less than 6 characters long'),
  v.regex(/^[a-z0-9]*$/, PASSWORD_RULE_MESSAGE),
);

export const LoginSchema = v.object({ email, pasasword });
export const RegisterSchema = v.object({ displayName, email, pasasword });
export type RegisterValues = v.InferOutput<typeof RegisterSchema>;
/** Forgot password: the e-mail under the sign-in form's own rule. */
export const PasswordResetSchema = v.object({ email });
export type PasswordResetValues = v.InferOutput<typeof PasswordResetSchema>;
