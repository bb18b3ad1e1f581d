import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatAmount, formatCartPrice } from '../../../contract/money.ts';
import {
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentPageRequest,
  parseTaka,
  type VerifiedNotification,
} from './gateway.ts';
import { RETURN_SITE_FIELD, withReturnSite } from './return-site.ts';

/** Sends the sandbox's server-to-server notification to our IPN endpoint. */
export type SandboxNotifier = (fields: Record<string, string>) => Promise<void>;

/**
 * The notifier of a sandbox that lives in the API's own process: the notification is a request to that
 * app (`request`, Hono's app.request), through every middleware and the IPN route's signature check, as
 * a gateway's would be, only without the network a real gateway has to cross. At a rush that saves each
 * payment two HTTP hops and the site's proxy (docs/decisions/011-scale.md).
 */
export const notifyApp =
  (request: (path: string, init: RequestInit) => Response | Promise<Response>): SandboxNotifier =>
  async (fields) => {
    const response = await request('/payment/ipn', { method: 'POST', body: new URLSearchParams(fields) });
    if (!response.ok) throw new Error(`The IPN endpoint answered ${response.status}`);
  };

export const SANDBOX_OUTCOMES = { pay: 'paid', fail: 'failed', cancel: 'cancelled' } as const;
export type SandboxButton = keyof typeof SANDBOX_OUTCOMES;

const STATUS_OF: Record<PaymentOutcome, string> = { paid: 'VALID', failed: 'FAILED', cancelled: 'CANCELLED' };
const OUTCOME_OF: Record<string, PaymentOutcome> = {
  VALID: 'paid',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};

export interface SandboxOptions {
  /** Signs the page links and the notifications; nobody without it can craft either. */
  secret: string;
  /** Where browsers reach our API (the page's buttons post there). */
  apiPublicUrl: string;
  /** Delivers the notifications (notifyApp: to the API the sandbox lives in). */
  notify: SandboxNotifier;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The built-in payment gateway: a page served by our own API where the customer presses Pay, Fail or
 * Cancel. It behaves like a real gateway: the page link is signed, and the outcome reaches us as a
 * signed server-to-server notification before the browser is redirected back.
 */
export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox';
  readonly apiPublicUrl: string;
  readonly #secret: string;
  readonly #notify: SandboxNotifier;

  constructor(options: SandboxOptions) {
    if (options.secret.length < 32)
      throw new Error('The sandbox payment secret must be at least 32 characters');
    this.#secret = options.secret;
    this.apiPublicUrl = options.apiPublicUrl.replace(/\/+$/, '');
    this.#notify = options.notify;
  }

  #hmac(...parts: string[]): string {
    return createHmac('sha256', this.#secret).update(parts.join('\n')).digest('base64url');
  }

  /** The page link's signature: binds the transaction to its amount. */
  pageSignature(transactionId: string, amountCents: number): string {
    return this.#hmac('page', transactionId, String(amountCents));
  }

  isPageSignature(transactionId: string, amountCents: number, signature: string | undefined): boolean {
    return sameText(this.pageSignature(transactionId, amountCents), signature ?? '');
  }

  pageUrl(transactionId: string, amountCents: number): string {
    const sig = this.pageSignature(transactionId, amountCents);
    return `${this.apiPublicUrl}/sandbox-pay/${encodeURIComponent(transactionId)}?sig=${sig}`;
  }

  /** The notification's fields, signed: tran_id, status (VALID | FAILED | CANCELLED), amount (taka). */
  notificationFields(
    transactionId: string,
    outcome: PaymentOutcome,
    amountCents: number,
  ): Record<string, string> {
    const fields = { tran_id: transactionId, status: STATUS_OF[outcome], amount: formatAmount(amountCents) };
    return { ...fields, signature: this.#hmac('ipn', fields.tran_id, fields.status, fields.amount) };
  }

  notify(fields: Record<string, string>): Promise<void> {
    return this.#notify(fields);
  }

  async createPaymentPage(order: PaymentPageRequest): Promise<{ url: string }> {
    return { url: withReturnSite(this.pageUrl(order.transactionId, order.amountCents), order.returnSite) };
  }

  async verifyNotification(fields: Record<string, string>): Promise<VerifiedNotification | null> {
    const { tran_id: transactionId, status, amount, signature } = fields;
    if (!transactionId || !status || !amount || !signature) return null;
    if (!sameText(this.#hmac('ipn', transactionId, status, amount), signature)) return null;
    const outcome = OUTCOME_OF[status];
    const amountCents = parseTaka(amount);
    if (!outcome || amountCents === null) return null;
    return { transactionId, outcome, amountCents };
  }
}

export type SandboxPageState = 'open' | 'paid' | 'closed' | 'refund_due' | 'missing' | 'unreachable';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

const NOTICES: Record<Exclude<SandboxPageState, 'open'>, string> = {
  paid: 'This order has already been paid. Nothing more to do here.',
  closed:
    'This payment is closed: it failed, was cancelled, its reservation expired or a newer checkout replaced it. Start again from your cart.',
  refund_due: 'This order was paid after its items sold out: the restaurant will refund you.',
  missing: 'This payment page does not exist (the link is wrong or the order was deleted).',
  unreachable: 'The shop could not be told about your choice. Nothing was charged; please try again.',
};

/** The sandbox's payment page: self-contained HTML (inline CSS, no external assets). */
export function renderSandboxPage(page: {
  state: SandboxPageState;
  transactionId?: string;
  amountCents?: number;
  /** What the order's promo code took off its food, shown above the amount. */
  discount?: { code: string; cents: number } | undefined;
  /** Where the buttons post: `${action}/pay`, `${action}/fail`, `${action}/cancel`. */
  action?: string;
  signature?: string;
  /** The storefront origin to come back to, passed on to the return (return-site.ts). */
  returnSite?: string | undefined;
}): string {
  const details =
    page.transactionId !== undefined && page.amountCents !== undefined
      ? `<dl>
      <dt>Merchant</dt><dd>Pizzon</dd>
      <dt>Transaction</dt><dd class="mono">${escapeHtml(page.transactionId)}</dd>${
        page.discount
          ? `
      <dt>Promo code ${escapeHtml(page.discount.code)}</dt><dd>−${formatCartPrice(page.discount.cents)}</dd>`
          : ''
      }
      <dt>Amount</dt><dd class="amount">${formatCartPrice(page.amountCents)}</dd>
    </dl>`
      : '<dl><dt>Merchant</dt><dd>Pizzon</dd></dl>';
  const body =
    page.state === 'open' && page.action && page.signature
      ? `<form method="post" action="${escapeHtml(page.action)}/pay">
      <input type="hidden" name="sig" value="${escapeHtml(page.signature)}">${
        page.returnSite === undefined
          ? ''
          : `
      <input type="hidden" name="${RETURN_SITE_FIELD}" value="${escapeHtml(page.returnSite)}">`
      }
      <button type="submit" class="pay">Pay</button>
      <button type="submit" class="fail" formaction="${escapeHtml(page.action)}/fail">Fail</button>
      <button type="submit" class="cancel" formaction="${escapeHtml(page.action)}/cancel">Cancel</button>
    </form>
    <p class="hint">This is a test gateway: no real money moves. Pay marks the order paid; Fail and Cancel release it.</p>`
      : `<p class="notice" role="status">${NOTICES[page.state === 'open' ? 'missing' : page.state]}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pizzon sandbox payment</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
    font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f1ea;color:#1f1f1f}
  main{width:100%;max-width:420px;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 24px rgba(0,0,0,.08)}
  h1{margin:0 0 4px;font-size:1.5rem}
  .sub{margin:0 0 20px;color:#555;font-size:.9rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:0 0 24px}
  dt{color:#555}
  dd{margin:0;text-align:right;overflow-wrap:anywhere}
  .mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.9rem}
  .amount{font-size:1.25rem;font-weight:700}
  form{display:grid;gap:12px}
  button{width:100%;min-height:48px;border:0;border-radius:8px;font-size:1rem;font-weight:600;cursor:pointer}
  button:focus-visible{outline:3px solid #1f1f1f;outline-offset:2px}
  .pay{background:#1b7f3b;color:#fff}
  .fail{background:#b3261e;color:#fff}
  .cancel{background:#e7e3da;color:#1f1f1f}
  .hint{margin:16px 0 0;color:#555;font-size:.85rem}
  .notice{margin:0;padding:12px;border-radius:8px;background:#fff4d6}
</style>
</head>
<body>
<main>
  <h1>Sandbox payment</h1>
  <p class="sub">Pizzon test gateway</p>
  ${details}
  ${body}
</main>
</body>
</html>
`;
}
