import { expect } from '@playwright/test';
import pg from 'pg';
import { E2E } from '../../../playwright.config.ts';
import { PROVIDER_CHECK_INTERVAL_MS } from '../../../server/api/services/provider-check.ts';
import { embeddedPostgresUrl } from '../../../server/db/embedded.ts';

/**
 * Dates the API's last look at the provider for the account of `email` one check interval further
 * back, as if the interval had passed: its next signed-in call asks the provider again. The clock is
 * moved in the database, as the flows move a reservation's (tests/flows/support/backstage.ts), rather
 * than waited out.
 */
export async function makeProviderCheckDue(email: string): Promise<void> {
  const client = new pg.Client({ connectionString: embeddedPostgresUrl(E2E.ports.pg, 'pizzon') });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update users set provider_checked_at = provider_checked_at - make_interval(secs => $2)
        where email = $1`,
      [email, PROVIDER_CHECK_INTERVAL_MS / 1000],
    );
    expect(rowCount).toBe(1);
  } finally {
    await client.end();
  }
}
