import {
  formatTaka,
  type PaymentGateway,
  type PaymentPageRequest,
  parseTaka,
  type VerifiedNotification,
} from './gateway.ts';

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
const CURRENCY = 'BDT';

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

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/**
 * SSLCommerz (https://developer.sslcommerz.com): the session API opens the hosted payment page; a
 * payment is believed only when the order validation API, asked by us with our store credentials,
 * says VALID or VALIDATED for this transaction, in BDT, for this amount.
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
    const productName = order.lines.map((line) => `${line.name} x${line.quantity}`).join(', ');
    const form = new URLSearchParams({
      store_id: storeId,
      store_passwd: storePassword,
      total_amount: formatTaka(order.amountPaisa),
      currency: CURRENCY,
      tran_id: order.transactionId,
      success_url: `${apiPublicUrl}/payment/success`,
      fail_url: `${apiPublicUrl}/payment/fail`,
      cancel_url: `${apiPublicUrl}/payment/cancel`,
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
    // A failure or cancellation moves no money: the caller applies it only to a known transaction.
    if (status === 'FAILED' || status === 'CANCELLED') {
      return {
        transactionId,
        outcome: status === 'FAILED' ? 'failed' : 'cancelled',
        amountPaisa: parseTaka(fields.amount) ?? 0,
      };
    }
    const valId = fields.val_id;
    if (!valId) return null;
    const validation = await this.#validate(valId);
    if (!validation || !TRUSTED_STATUSES.has(validation.status ?? '')) return null;
    if (asText(validation.tran_id) !== transactionId) return null;
    const currencies = [validation.currency_type, validation.currency].filter((c) => c !== undefined);
    if (currencies.length === 0 || currencies.some((currency) => currency !== CURRENCY)) return null;
    const amounts = [validation.currency_amount, validation.amount]
      .map(asText)
      .filter((a) => a !== undefined)
      .map(parseTaka);
    const amountPaisa = amounts[0];
    if (amountPaisa === null || amountPaisa === undefined || amounts.some((a) => a !== amountPaisa))
      return null;
    return { transactionId, outcome: 'paid', amountPaisa, reference: valId };
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
