import { jwtVerify, SignJWT } from 'jose';
import { API_TOKEN_TTL_SECONDS, type ApiToken } from '../../contract/user.ts';

const ISSUER = 'pizzon-api';
const AUDIENCE = 'pizzon-storefront';
/** HS256 is only as strong as its key: 32 bytes is the hash's own size (RFC 7518 §3.2). */
export const MIN_SECRET_LENGTH = 32;

/** What a valid API token says: whose it is, and until when (epoch ms) it may be used. */
export interface VerifiedToken {
  uid: string;
  expiresAt: number;
}

/** Our own API token: issued once the identity provider has vouched for a uid (POST /jwt). */
export interface ApiTokens {
  issue: (uid: string) => Promise<ApiToken>;
  /** Rejects a token that is absent, malformed, signed with another key or expired. */
  verify: (token: string) => Promise<VerifiedToken>;
}

export function createApiTokens(secret: string, ttlSeconds = API_TOKEN_TTL_SECONDS): ApiTokens {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`The API token secret must be at least ${MIN_SECRET_LENGTH} characters long`);
  }
  const key = new TextEncoder().encode(secret);
  return {
    async issue(uid) {
      const token = await new SignJWT()
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { token, expiresIn: ttlSeconds };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        requiredClaims: ['sub', 'exp'],
      });
      if (!payload.sub) throw new Error('The API token names no user');
      // requiredClaims made sure of exp.
      return { uid: payload.sub, expiresAt: payload.exp! * 1000 };
    },
  };
}
