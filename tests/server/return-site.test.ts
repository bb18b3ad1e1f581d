import { describe, expect, it } from 'vitest';
import { RETURN_SITE_FIELD } from '../../server/api/payments/return-site.ts';
import { SslcommerzGateway } from '../../server/api/payments/sslcommerz.ts';
import {
  addToCart,
  checkoutBody,
  createCustomer,
  insertMenuItem,
  transactionIdOf,
} from './support/commerce.ts';
import { API_PUBLIC_URL, SITE_ORIGIN, SITE_ORIGINS, sharedTestContext } from './support/test-app.ts';

// The storefront answers at localhost and 127.0.0.1; a browser keeps a sign-in per origin, so a customer
// who pays must come back to the address they shopped at.
const ctx = sharedTestContext();

const OTHER_SITE = SITE_ORIGINS[1];

/** A checkout sent from `origin`, as a browser on that page would send it: the payment page's address. */
async function checkoutFrom(origin: string): Promise<string> {
  const item = await insertMenuItem(ctx, { priceCents: 10_000, quantity: 5 });
  const customer = await createCustomer(ctx);
  await addToCart(ctx, customer, item, 1);
  const response = await ctx.request(`/create-payment-intent?uid=${customer.uid}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${customer.token}`,
      'Content-Type': 'application/json',
      Origin: origin,
    },
    body: JSON.stringify(checkoutBody([{ item, quantity: 1 }])),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** What the browser does on the sandbox page: posts the form's hidden fields to the Pay button's action. */
async function payOnPage(pageUrl: string): Promise<Response> {
  const html = await (await ctx.request(pageUrl)).text();
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(name!, value!.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBeDefined();
  return ctx.request(action!, { method: 'POST', body: fields });
}

async function followReturn(pageUrl: string): Promise<string | null> {
  const paid = await payOnPage(pageUrl);
  expect(paid.status).toBe(303);
  const back = await ctx.request(paid.headers.get('Location')!);
  expect(back.status).toBe(303);
  return back.headers.get('Location');
}

describe('coming back from the payment page', () => {
  it('returns to the storefront address the checkout came from', async () => {
    const url = await checkoutFrom(OTHER_SITE);
    expect(new URL(url).searchParams.get(RETURN_SITE_FIELD)).toBe(OTHER_SITE);
    expect(await followReturn(url)).toBe(`${OTHER_SITE}/payment-success/${transactionIdOf(url)}`);
  });

  it('returns to the first storefront origin when the checkout came from anywhere else', async () => {
    const url = await checkoutFrom('https://evil.example');
    expect(new URL(url).searchParams.has(RETURN_SITE_FIELD)).toBe(false);
    expect(await followReturn(url)).toBe(`${SITE_ORIGIN}/payment-success/${transactionIdOf(url)}`);
  });

  it('never redirects to an address that is not the storefront’s (no open redirect)', async () => {
    for (const site of ['https://evil.example', `${SITE_ORIGIN}.evil.example`, '//evil.example', '']) {
      const back = await ctx.request(
        `/payment/cancel?tran_id=PZX&${new URLSearchParams({ [RETURN_SITE_FIELD]: site })}`,
      );
      expect(back.status).toBe(303);
      expect(back.headers.get('Location'), site).toBe(
        `${SITE_ORIGIN}/user-dashboard/my-cart?payment=cancelled`,
      );
    }
  });

  it('gives SSLCommerz return addresses that bring the customer back to the same storefront', async () => {
    let form: URLSearchParams | undefined;
    const gateway = new SslcommerzGateway({
      storeId: 'store',
      storePassword: 'secret',
      baseUrl: 'https://gateway.example',
      apiPublicUrl: API_PUBLIC_URL,
      fetch: async (_url, init) => {
        form = new URLSearchParams(init?.body as URLSearchParams);
        return Response.json({ status: 'SUCCESS', GatewayPageURL: 'https://gateway.example/pay/1' });
      },
    });
    await gateway.createPaymentPage({
      transactionId: 'PZ1',
      amountCents: 10_500,
      customer: { fullName: 'A', email: 'a@b.c', phone: '1', address: 'x', city: 'y', postcode: '1' },
      lines: [{ name: 'Margherita', category: 'pizza', quantity: 1, priceCents: 10_000 }],
      returnSite: OTHER_SITE,
    });
    for (const field of ['success_url', 'fail_url', 'cancel_url']) {
      expect(new URL(form!.get(field)!).searchParams.get(RETURN_SITE_FIELD), field).toBe(OTHER_SITE);
    }
    expect(form!.get('ipn_url')).toBe(`${API_PUBLIC_URL}/payment/ipn`);
  });
});
