import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.ts';
import { findItem } from './api.ts';
import { type Instance, startSecondApi, startSecondSite } from './support/instances.ts';

/**
 * A second API process and a second site server beside the stack `npm start` runs, all on one
 * PostgreSQL: an item edited through one API shows on every site's next page within a second, though
 * each site keeps its rendered pages (server/site/page-cache.ts). The APIs' side (quotas, the last
 * unit, the sweep) is tests/server/instances.test.ts.
 */
let apiB: Instance;
let siteB: Instance;
test.beforeAll(async () => {
  const apiPortB = E2E.ports.api + 50;
  [apiB, siteB] = await Promise.all([
    startSecondApi(apiPortB),
    startSecondSite(E2E.ports.web + 50, `http://127.0.0.1:${apiPortB}`),
  ]);
});
test.afterAll(async () => {
  await Promise.all([apiB?.stop(), siteB?.stop()]);
});

/** The demo admin's API token from API B (the emulator's ID token, then POST /jwt). */
async function adminToken(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const signIn = await request.post(
    `http://127.0.0.1:${E2E.ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { email: admin.email, password: admin.password, returnSecureToken: true } },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const jwt = await request.post(`${apiB.url}/jwt`, {
    headers: { Authorization: `Bearer ${idToken}` },
    data: { uid: admin.uid },
  });
  expect(jwt.status()).toBe(200);
  return ((await jwt.json()) as { token: string }).token;
}

test('an item edited through one API shows on every site’s next page within a second', async ({
  request,
}) => {
  const item = await findItem(request, (candidate) => candidate.category === 'salad');
  const sites = [E2E.baseURL, siteB.url];
  const page = (site: string) =>
    request.get(`${site}/item-detail/${item._id}`).then((response) => response.text());
  // Both sites hold the page now.
  for (const site of sites) expect(await page(site)).toContain(`>${item.name}<`);

  const token = await adminToken(request);
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  const rename = (name: string) =>
    request.patch(`${apiB.url}/admin-item-update/${item._id}?uid=${admin.uid}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        name,
        price: item.price,
        quantity: item.quantity,
        image: item.image,
        description: item.description,
      },
    });
  const renamed = `${item.name} Deluxe`;
  expect((await rename(renamed)).status()).toBe(200);
  const edited = Date.now();
  try {
    for (const site of sites) {
      await expect.poll(() => page(site), { timeout: 1_000, intervals: [20] }).toContain(`>${renamed}<`);
    }
    expect(Date.now() - edited).toBeLessThan(1_000);
  } finally {
    expect((await rename(item.name)).status()).toBe(200);
  }
});
