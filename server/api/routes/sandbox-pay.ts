import type { Logger } from 'pino';
import { ROUTES } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { RETURN_SITE_FIELD, withReturnSite } from '../payments/return-site.ts';
import { renderSandboxPage, SANDBOX_OUTCOMES, type SandboxGateway } from '../payments/sandbox.ts';
import { findPaymentPageOrder, paymentPageState } from '../services/payment-page.ts';
import { readFields } from './payments.ts';
import type { RegisterRoute } from './table.ts';

const RETURN_PATH = { paid: 'success', failed: 'fail', cancelled: 'cancel' } as const;

/**
 * The sandbox gateway's payment page, served by our own API. Its link is signed (transaction id and
 * amount), so nobody can open a page for an amount of their choosing; the buttons post back here, the
 * sandbox notifies our IPN server to server, then sends the browser to our return routes.
 */
export function sandboxPayRoutes(on: RegisterRoute, db: Database, sandbox: SandboxGateway, logger: Logger) {
  const action = (tranId: string) => `${sandbox.apiPublicUrl}/sandbox-pay/${encodeURIComponent(tranId)}`;

  async function signedOrder(tranId: string, sig: string | undefined) {
    const order = await findPaymentPageOrder(db, tranId);
    return order && sandbox.isPageSignature(order.transactionId, order.totalCents, sig) ? order : undefined;
  }

  on(ROUTES.sandboxPage, async (c, { params: { tranId }, query: { sig, site } }) => {
    const order = await signedOrder(tranId, sig);
    if (!order) return c.html(renderSandboxPage({ state: 'missing' }), 404);
    return c.html(
      renderSandboxPage({
        state: paymentPageState(order),
        transactionId: order.transactionId,
        amountCents: order.totalCents,
        discount:
          order.discountCents > 0 ? { code: order.promoCode ?? '', cents: order.discountCents } : undefined,
        action: action(order.transactionId),
        signature: sig,
        returnSite: site,
      }),
    );
  });
  on(ROUTES.sandboxButton, async (c, { params: { tranId, button } }) => {
    const fields = await readFields(c.req);
    const order = await signedOrder(tranId, fields.sig);
    const outcome = SANDBOX_OUTCOMES[button as keyof typeof SANDBOX_OUTCOMES];
    if (!order || !outcome || !Object.hasOwn(SANDBOX_OUTCOMES, button)) {
      return c.html(renderSandboxPage({ state: 'missing' }), 404);
    }
    const shown = { transactionId: order.transactionId, amountCents: order.totalCents };
    const state = paymentPageState(order);
    if (state !== 'open') return c.html(renderSandboxPage({ state, ...shown }), 409);
    try {
      await sandbox.notify(sandbox.notificationFields(order.transactionId, outcome, order.totalCents));
    } catch (error) {
      logger.warn({ err: error, transactionId: tranId }, 'sandbox could not notify the IPN endpoint');
      return c.html(renderSandboxPage({ state: 'unreachable', ...shown }), 502);
    }
    const path = RETURN_PATH[outcome];
    const returnUrl = `${sandbox.apiPublicUrl}/payment/${path}?tran_id=${encodeURIComponent(order.transactionId)}`;
    return c.redirect(withReturnSite(returnUrl, fields[RETURN_SITE_FIELD]), 303);
  });
}
