// How customers may pay (contract/payment-settings.ts, docs/decisions/039-cash-and-the-counter.md): the
// owner's one row, read on every checkout (any API instance sees a change at once), and whether a
// customer has had an order delivered or collected (cash may be kept for them).
import { and, eq, inArray } from 'drizzle-orm';
import { toCents, toTaka } from '../../../contract/money.ts';
import type { PaymentMethod } from '../../../contract/order-lifecycle.ts';
import {
  type PaymentOptions,
  type PaymentSettings,
  paymentRefusal,
} from '../../../contract/payment-settings.ts';
import type { Database } from '../../db/client.ts';
import { orders, paymentSettings } from '../../db/schema.ts';
import { InvalidInput } from '../domain-errors.ts';
import type { Executor } from './order-stock.ts';

export async function readPaymentSettings(db: Executor): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
  return paymentSettingsOf(row);
}

/** The settings of the table's one row. */
export function paymentSettingsOf(row: typeof paymentSettings.$inferSelect | undefined): PaymentSettings {
  if (!row) throw new Error('payment_settings has no row (migration 0023 inserts it)');
  return {
    online: row.online,
    cash: row.cash,
    cashMax: row.cashMaxCents === null ? null : toTaka(row.cashMaxCents),
    cashRegularsOnly: row.cashRegularsOnly,
    cashAcceptMinutes: row.cashAcceptMinutes,
  };
}

/** PUT /admin-payment-settings: for the checkouts from then on (an order keeps its method). */
export async function savePaymentSettings(db: Database, settings: PaymentSettings): Promise<PaymentSettings> {
  await db
    .update(paymentSettings)
    .set({
      online: settings.online,
      cash: settings.cash,
      cashMaxCents: settings.cashMax === null ? null : toCents(settings.cashMax),
      cashRegularsOnly: settings.cashRegularsOnly,
      cashAcceptMinutes: settings.cashAcceptMinutes,
    })
    .where(eq(paymentSettings.id, 1));
  return readPaymentSettings(db);
}

/** The customer has had an order handed over (delivered or collected), however it was paid. */
async function isRegular(db: Executor, uid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userUid, uid), inArray(orders.state, ['delivered', 'collected'])))
    .limit(1);
  return row !== undefined;
}

/**
 * Refuses (InvalidInput, 400) paying an order of `totalCents` by `method` when the owner does not take
 * it from this customer now, by the `settings` read in the checkout's own transaction.
 */
export async function assertPaymentAllowed(
  db: Executor,
  uid: string,
  method: PaymentMethod,
  totalCents: number,
  settings: PaymentSettings,
): Promise<void> {
  const regular = method === 'cash' && settings.cashRegularsOnly ? await isRegular(db, uid) : true;
  const refusal = paymentRefusal(settings, method, totalCents, regular);
  if (refusal) throw new InvalidInput(refusal);
}

/** GET /payment-options: what checkout offers the caller (the amount is checked at the order). */
export async function paymentOptionsFor(db: Executor, uid: string): Promise<PaymentOptions> {
  const settings = await readPaymentSettings(db);
  const regular = settings.cashRegularsOnly ? await isRegular(db, uid) : true;
  return {
    online: settings.online,
    cash: settings.cash,
    cashMax: settings.cashMax,
    // Asked with no amount: only whether this customer may pay in cash at all.
    cashRefusal: settings.cash ? paymentRefusal({ ...settings, cashMax: null }, 'cash', 0, regular) : null,
  };
}
