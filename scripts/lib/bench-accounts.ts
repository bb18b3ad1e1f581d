// The demo accounts as the benchmarks use them: signed in the way the storefront signs in.
import * as v from 'valibot';
import { ApiTokenSchema } from '../../contract/user.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { BENCH_API_URL, BENCH_AUTH_HOST } from './bench-storefront.ts';

export async function expectOk(response: Response, what: string): Promise<unknown> {
  const body = (await response.json()) as unknown;
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A demo account signed in: the emulator's ID token, then POST /jwt for our API token. */
export async function signInDemo(role: 'user' | 'admin'): Promise<{ uid: string; token: string }> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role)!;
  const { idToken } = (await expectOk(
    await fetch(
      `http://${BENCH_AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
      },
    ),
    'The Auth emulator',
  )) as { idToken: string };
  const { token } = v.parse(
    ApiTokenSchema,
    await expectOk(
      await fetch(`${BENCH_API_URL}/jwt`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${idToken}` },
        body: JSON.stringify({ uid: account.uid }),
      }),
      'POST /jwt',
    ),
  );
  return { uid: account.uid, token };
}
