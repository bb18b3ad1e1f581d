import type { CartTotals } from '../../contract/cart.ts';
import { formatCartPrice, toCents } from '../../contract/money.ts';

interface OrderSummaryProps {
  totals: CartTotals;
  /** 'Amount Payable' in the cart, 'Grand Total' at checkout. */
  totalLabel: string;
  subtotalLabel: string;
  /** The cart's promo code and what the server priced it at (taka), shown when it takes something off. */
  promo?: { code: string | null; discount: number };
  /** What the spec's 'Shipping' is, said beside it: the delivery fee's rule, or none for a pickup. */
  shippingNote?: string;
}

export function OrderSummary({ totals, totalLabel, subtotalLabel, shippingNote, promo }: OrderSummaryProps) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-lg">
      <dt>{subtotalLabel}</dt>
      <dd className="text-right">{formatCartPrice(toCents(totals.totalPriceWithoutShipping))}</dd>
      {promo?.code && promo.discount > 0 && (
        <>
          <dt>Discount ({promo.code})</dt>
          <dd className="text-right text-green-800">−{formatCartPrice(toCents(promo.discount))}</dd>
        </>
      )}
      <dt>Shipping</dt>
      <dd className="text-right">{formatCartPrice(toCents(totals.totalShipping))}</dd>
      {shippingNote && <dd className="col-span-2 -mt-2 text-base text-neutral-700">{shippingNote}</dd>}
      <dt className="border-t border-neutral-200 pt-2 font-bold">{totalLabel}</dt>
      <dd className="border-t border-neutral-200 pt-2 text-right font-bold">
        {formatCartPrice(toCents(totals.totalPrice))}
      </dd>
    </dl>
  );
}
