import { ADMIN_ROLE, CUSTOMER_ROLE } from '../../../contract/user.ts';
import {
  apiTokenFor,
  createProviderUser,
  expiredApiToken,
  expiredIdToken,
  forgedApiToken,
  forgedIdToken,
  insertUserRow,
} from './accounts.ts';
import type { TestContext } from './test-app.ts';

/** A registered account as a signed-in storefront holds it: both tokens. */
export interface Account {
  uid: string;
  /** The user record's id (`_id`). */
  id: string;
  /** Our API token (every signed-in call but sign-in and sign-up). */
  token: string;
  /** The identity provider's ID token (POST /jwt, GET /role, POST /users). */
  idToken: string;
}

/** An account in the identity provider and in our database, signed in. */
export async function createAccount(ctx: TestContext, role = CUSTOMER_ROLE): Promise<Account> {
  const provider = await createProviderUser(ctx);
  const record = await insertUserRow(ctx, { uid: provider.uid, email: provider.email, role });
  return {
    uid: provider.uid,
    id: record.id,
    token: await apiTokenFor(ctx, provider.uid),
    idToken: provider.idToken,
  };
}

/** Customer A owns the resources; B is another customer; the admin runs the shop. */
export interface Cast {
  customerA: Account;
  customerB: Account;
  admin: Account;
}

export const createCast = async (ctx: TestContext): Promise<Cast> => ({
  customerA: await createAccount(ctx),
  customerB: await createAccount(ctx),
  admin: await createAccount(ctx, ADMIN_ROLE),
});

/** Who calls: nobody, a forger, someone with a stale token, or one of the cast. */
export const CALLERS = ['none', 'forged', 'expired', 'customerA', 'customerB', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/** Which token a call carries: the provider's ID token, or our API token (public calls send one too). */
export type Credential = 'idToken' | 'apiToken';

/**
 * The Authorization token `caller` presents. The forged and expired ones claim to be customer A: a
 * forged token is well formed but signed with another key; an expired one is genuine but ran out.
 */
export async function tokenOf(
  cast: Cast,
  caller: Caller,
  credential: Credential,
): Promise<string | undefined> {
  const victim = cast.customerA;
  switch (caller) {
    case 'none':
      return undefined;
    case 'forged':
      return credential === 'idToken' ? forgedIdToken(victim.idToken) : forgedApiToken(victim.uid);
    case 'expired':
      return credential === 'idToken' ? expiredIdToken(victim.idToken) : expiredApiToken(victim.uid);
    default: {
      const account = cast[caller];
      return credential === 'idToken' ? account.idToken : account.token;
    }
  }
}

/** The uid the caller's storefront names in ?uid=: its own; the impostors name customer A. */
export const uidNamedBy = (cast: Cast, caller: Caller): string =>
  caller === 'customerB' || caller === 'admin' ? cast[caller].uid : cast.customerA.uid;
