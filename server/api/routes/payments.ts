import type { HonoRequest } from 'hono';
import type { Logger } from 'pino';
import { linkReturnPath } from '../../../contract/payment-link.ts';
import { routeKey } from '../../../contract/route-entry.ts';
import { ROUTES, TRANSACTION_ID_MAX, TRANSACTION_ID_TOO_LONG } from '../../../contract/routes.ts';
import type { Database } from '../../db/client.ts';
import { InvalidInput, UpstreamFailed } from '../domain-errors.ts';
import type { Admission } from '../middleware/admission.ts';
import type { AddressLimiter } from '../middleware/rate-limit.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { RETURN_SITE_FIELD, returnSiteOf } from '../payments/return-site.ts';
import { applyNotification, type NotificationResult } from '../services/payment-notification.ts';
import { hasNoAccount } from '../services/phone-orders.ts';
import type { RegisterRoute } from './table.ts';

export interface PaymentRouteDeps {
  db: Database;
  gateway: PaymentGateway;
  logger: Logger;
  /** The storefront's origins; a return goes to the one its checkout came from. */
  siteOrigins: readonly string[];
  /** HOLD_MINUTES: a late payment releases the holds past it before taking its stock again. */
  holdMinutes: number;
  /**
   * Counted per address before anything else: each call may cost a request to the gateway (SSLCommerz
   * validates every notification and return with it).
   */
  limits: { paymentReturn: AddressLimiter; paymentNotification: AddressLimiter };
  /** This process's turns (middleware/admission.ts): a browser's return checks its verdict only with one. */
  admission: Pick<Admission, 'whenAdmitted'>;
}

const NOT_VERIFIED = 'Notification could not be verified';

/** The string fields of a query string plus a form or JSON body (gateways post forms). */
export async function readFields(request: HonoRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = { ...request.query() };
  if (request.method !== 'POST') return fields;
  const type = request.header('Content-Type') ?? '';
  let body: Record<string, unknown> = {};
  try {
    if (/application\/json/i.test(type)) {
      const parsed: unknown = await request.json();
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } else if (/x-www-form-urlencoded|multipart\/form-data/i.test(type)) {
      body = await request.parseBody();
    }
  } catch {
    throw new InvalidInput('The request body could not be read');
  }
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') fields[key] = value;
    else if (typeof value === 'number') fields[key] = String(value);
  }
  // It goes back out in a Location header: one longer than any of ours is refused here.
  if ((fields.tran_id ?? '').length > TRANSACTION_ID_MAX) throw new InvalidInput(TRANSACTION_ID_TOO_LONG);
  return fields;
}

/**
 * Verifies a notification with the gateway and applies it. Throws 400 when it is not vouched for (or
 * names an unknown transaction, or the wrong amount) and 502 when the gateway could not be asked.
 */
async function handleNotification(
  { db, gateway, logger, holdMinutes }: PaymentRouteDeps,
  fields: Record<string, string>,
): Promise<Exclude<NotificationResult, 'unknown' | 'amount_mismatch'>> {
  const verified = await gateway.verifyNotification(fields).catch((error: unknown) => {
    logger.warn({ err: error, gateway: gateway.name }, 'notification could not be checked with the gateway');
    throw new UpstreamFailed('The payment service could not be reached');
  });
  if (!verified) {
    logger.warn({ gateway: gateway.name, transactionId: fields.tran_id }, 'unverified payment notification');
    throw new InvalidInput(NOT_VERIFIED);
  }
  const result = await applyNotification(db, logger, verified, holdMinutes);
  if (result === 'unknown' || result === 'amount_mismatch') throw new InvalidInput(NOT_VERIFIED);
  logger.info(
    { transactionId: verified.transactionId, outcome: verified.outcome, result },
    'payment notification',
  );
  return result;
}

const RETURNS = {
  success: (site: string, tranId: string) => `${site}/payment-success/${encodeURIComponent(tranId)}`,
  fail: (site: string) => `${site}/user-dashboard/my-cart?payment=failed`,
  cancel: (site: string) => `${site}/user-dashboard/my-cart?payment=cancelled`,
} as const;

/** The browser's ways back from the gateway, by the verdict: each by GET or POST, as the gateway likes. */
const RETURN_ROUTES = {
  success: [ROUTES.paymentSuccess, ROUTES.paymentSuccessPost],
  fail: [ROUTES.paymentFail, ROUTES.paymentFailPost],
  cancel: [ROUTES.paymentCancel, ROUTES.paymentCancelPost],
} as const;

/**
 * The gateway's side: its server-to-server notification (the only thing that marks an order paid) and
 * the pages it sends the browser back to.
 */
export function paymentRoutes(on: RegisterRoute, deps: PaymentRouteDeps) {
  const { paymentReturn, paymentNotification } = deps.limits;
  on(
    ROUTES.paymentNotification,
    async (c) => ({
      message: 'Notification received' as const,
      result: await handleNotification(deps, await readFields(c.req)),
    }),
    { before: [paymentNotification.byAddress] },
  );

  for (const kind of ['success', 'fail', 'cancel'] as const) {
    for (const entry of RETURN_ROUTES[kind]) {
      on(
        entry,
        async (c) => {
          const fields = await readFields(c.req);
          const tranId = fields.tran_id ?? '';
          // A gateway that posts its verdict with the browser (SSLCommerz: val_id and status) is checked
          // through the same path as its IPN; a bare tran_id (the sandbox) changes nothing.
          // Under overload it goes straight to its page: a navigation can not show a 503 well, and the
          // gateway's notification applies the verdict anyway (the page follows the order live).
          if (tranId && (fields.val_id || fields.status)) {
            await deps.admission.whenAdmitted(routeKey(entry), 'paying', () =>
              handleNotification(deps, fields).then(
                () => {},
                (error: unknown) => {
                  deps.logger.warn(
                    { err: error, transactionId: tranId },
                    `browser ${kind} return not applied`,
                  );
                },
              ),
            );
          }
          const site = returnSiteOf(deps.siteOrigins, fields[RETURN_SITE_FIELD]);
          // A navigation: with the database away the browser still goes on, to the page it always went to.
          const paidByLink = (transactionId: string) =>
            hasNoAccount(deps.db, transactionId).catch((error: unknown) => {
              deps.logger.warn({ err: error, transactionId }, 'return: the order could not be read');
              return false;
            });
          const target = !tranId
            ? `${site}/user-dashboard/my-cart`
            : (await paidByLink(tranId))
              ? `${site}${linkReturnPath(tranId, kind)}`
              : RETURNS[kind](site, tranId);
          return c.redirect(target, 303);
        },
        { before: [paymentReturn.byAddress] },
      );
    }
  }
}
