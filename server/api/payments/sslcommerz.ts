import { CURRENCY, formatAmount } from '../../../contract/money.ts';
import {
  describePaymentLine,
  type PaymentGateway,
  type PaymentPageRequest,
  parseTaka,
  type VerifiedNotification,
} from './gateway.ts';
import { withReturnSite } from './return-site.ts';

export interface SslcommerzOptions {
  storeId: string;
  storePassword: string;
  /** https://sandbox.sslcommerz.com, https://securepay.sslcommerz.com, or a fake in tests. */
  baseUrl: string;
  /** Where SSLCommerz and browsers reach our API: the return and IPN URLs are built from it. */
  apiPublicUrl: string;
  timeoutMs?: number;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
}

export const SSLCOMMERZ_SANDBOX_URL = 'https://sandbox.sslcommerz.com';
export const SSLCOMMERZ_LIVE_URL = 'https://securepay.sslcommerz.com';

const TRUSTED_STATUSES = new Set(['VALID', 'VALIDATED']);
/** An attempt in one of these states moved no money and never will (a PENDING one still may). */
const ENDED_UNPAID = new Set(['FAILED', 'CANCELLED', 'EXPIRED']);

interface SessionAnswer {
  status?: string;
  GatewayPageURL?: string;
  failedreason?: string;
}

interface ValidationAnswer {
  status?: string;
  tran_id?: string;
  val_id?: string;
  amount?: string | number;
  currency?: string;
  currency_type?: string;
  currency_amount?: string | number;
}

/** The transaction query's answer: every payment attempt SSLCommerz knows under one tran_id. */
interface TransactionQueryAnswer {
  /** DONE, or INVALID_REQUEST, FAILED, INACTIVE when the query itself was not answered. */
  APIConnect?: unknown;
  no_of_trans_found?: unknown;
  element?: unknown;
}

interface Attempt {
  status?: unknown;
  tran_id?: unknown;
  val_id?: unknown;
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const statusOf = (attempt: Attempt): string => (asText(attempt.status) ?? '').toUpperCase();

/**
 * SSLCommerz (https://developer.sslcommerz.com): the session API opens the hosted payment page; a
 * payment is believed only when the order validation API, asked by us with our store credentials,
 * says VALID or VALIDATED for this transaction, in BDT, for this amount; a failure or cancellation only
 * when the transaction query API, asked the same way, shows no attempt that paid or still may.
 */
export class SslcommerzGateway implements PaymentGateway {
  readonly name = 'sslcommerz';
  readonly #options: Required<Omit<SslcommerzOptions, 'fetch'>>;
  readonly #fetch: typeof fetch;

  constructor(options: SslcommerzOptions) {
    if (!options.storeId || !options.storePassword) {
      throw new Error('SSLCommerz needs SSLCOMMERZ_STORE_ID and SSLCOMMERZ_STORE_PASSWORD');
    }
    this.#options = {
      timeoutMs: 10_000,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      apiPublicUrl: options.apiPublicUrl.replace(/\/+$/, ''),
    };
    this.#fetch = options.fetch ?? fetch;
  }

  async createPaymentPage(order: PaymentPageRequest): Promise<{ url: string }> {
    const { storeId, storePassword, baseUrl, apiPublicUrl, timeoutMs } = this.#options;
    const { customer } = order;
    const productName = order.lines.map(describePaymentLine).join(', ');
    const form = new URLSearchParams({
      store_id: storeId,
      store_passwd: storePassword,
      total_amount: formatAmount(order.amountCents),
      currency: CURRENCY,
      tran_id: order.transactionId,
      success_url: withReturnSite(`${apiPublicUrl}/payment/success`, order.returnSite),
      fail_url: withReturnSite(`${apiPublicUrl}/payment/fail`, order.returnSite),
      cancel_url: withReturnSite(`${apiPublicUrl}/payment/cancel`, order.returnSite),
      ipn_url: `${apiPublicUrl}/payment/ipn`,
      cus_name: customer.fullName,
      cus_email: customer.email,
      cus_phone: customer.phone,
      cus_add1: customer.address,
      cus_city: customer.city,
      cus_postcode: customer.postcode,
      cus_country: 'Bangladesh',
      shipping_method: 'NO',
      num_of_item: String(order.lines.length),
      product_name: productName.length > 250 ? `${productName.slice(0, 247)}...` : productName,
      product_category: order.lines[0]?.category ?? 'food',
      product_profile: 'general',
    });
    const response = await this.#fetch(`${baseUrl}/gwprocess/v4/api.php`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`SSLCommerz answered HTTP ${response.status}`);
    const answer = (await response.json()) as SessionAnswer;
    if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) {
      throw new Error(
        `SSLCommerz refused the session: ${answer.failedreason ?? answer.status ?? 'no reason'}`,
      );
    }
    return { url: answer.GatewayPageURL };
  }

  async verifyNotification(fields: Record<string, string>): Promise<VerifiedNotification | null> {
    const transactionId = fields.tran_id;
    if (!transactionId) return null;
    const status = (fields.status ?? '').toUpperCase();
    if (status === 'FAILED' || status === 'CANCELLED') return this.#confirmUnpaid(transactionId);
    const valId = fields.val_id;
    if (!valId) return null;
    return this.#confirmPaid(transactionId, valId);
  }

  /** A payment, when the order validation API vouches for this val_id, transaction, currency and amount. */
  async #confirmPaid(transactionId: string, valId: string): Promise<VerifiedNotification | null> {
    const validation = await this.#validate(valId);
    if (!validation || !TRUSTED_STATUSES.has(validation.status ?? '')) return null;
    if (asText(validation.tran_id) !== transactionId) return null;
    const currencies = [validation.currency_type, validation.currency].filter((c) => c !== undefined);
    if (currencies.length === 0 || currencies.some((currency) => currency !== CURRENCY)) return null;
    const amounts = [validation.currency_amount, validation.amount]
      .map(asText)
      .filter((a) => a !== undefined)
      .map(parseTaka);
    const amountCents = amounts[0];
    if (amountCents === null || amountCents === undefined || amounts.some((a) => a !== amountCents))
      return null;
    return { transactionId, outcome: 'paid', amountCents, reference: valId };
  }

  /**
   * A failure or cancellation gives the order's stock back, and anyone who learns a transaction id can
   * claim one: it is believed only when the transaction query shows every attempt under this tran_id
   * ended unpaid. An attempt it shows paid is validated like any payment (the claim was false: the
   * order is settled instead). No attempt yet, or one still open, proves nothing: the customer may
   * still pay, and the hold's expiry gives the stock back if nobody does.
   */
  async #confirmUnpaid(transactionId: string): Promise<VerifiedNotification | null> {
    const attempts = (await this.#attempts(transactionId)).filter(
      (attempt) => asText(attempt.tran_id) === transactionId,
    );
    const paidWith = attempts
      .filter((attempt) => TRUSTED_STATUSES.has(statusOf(attempt)))
      .map((attempt) => asText(attempt.val_id))
      .find((valId) => valId !== undefined && valId !== '');
    if (paidWith) return this.#confirmPaid(transactionId, paidWith);
    if (attempts.length === 0 || !attempts.every((attempt) => ENDED_UNPAID.has(statusOf(attempt))))
      return null;
    const cancelled = attempts.every((attempt) => statusOf(attempt) === 'CANCELLED');
    return { transactionId, outcome: cancelled ? 'cancelled' : 'failed', amountCents: 0 };
  }

  /**
   * Asks SSLCommerz's transaction query API for the attempts under a tran_id; throws when it cannot
   * be asked or does not answer the query (APIConnect other than DONE), so the caller answers 5xx and
   * the gateway notifies again later.
   */
  async #attempts(transactionId: string): Promise<Attempt[]> {
    const { storeId, storePassword, baseUrl, timeoutMs } = this.#options;
    const query = new URLSearchParams({
      tran_id: transactionId,
      store_id: storeId,
      store_passwd: storePassword,
      format: 'json',
    });
    const response = await this.#fetch(`${baseUrl}/validator/api/merchantTransIDvalidationAPI.php?${query}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`The SSLCommerz transaction query answered HTTP ${response.status}`);
    const answer = (await response.json().catch(() => null)) as TransactionQueryAnswer | null;
    if (answer?.APIConnect !== 'DONE') {
      throw new Error(`The SSLCommerz transaction query was not answered: ${String(answer?.APIConnect)}`);
    }
    return Array.isArray(answer.element)
      ? answer.element.filter((attempt): attempt is Attempt => !!attempt && typeof attempt === 'object')
      : [];
  }

  /** Asks SSLCommerz about a val_id; throws when SSLCommerz cannot be reached. */
  async #validate(valId: string): Promise<ValidationAnswer | null> {
    const { storeId, storePassword, baseUrl, timeoutMs } = this.#options;
    const query = new URLSearchParams({
      val_id: valId,
      store_id: storeId,
      store_passwd: storePassword,
      v: '1',
      format: 'json',
    });
    const response = await this.#fetch(`${baseUrl}/validator/api/validationserverAPI.php?${query}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`The SSLCommerz validator answered HTTP ${response.status}`);
    const answer: unknown = await response.json().catch(() => null);
    return answer && typeof answer === 'object' ? (answer as ValidationAnswer) : null;
  }
}
