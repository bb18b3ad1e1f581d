import type { CartTotals } from '../../contract/cart.ts';
import { formatCartPrice, toCents } from '../../contract/money.ts';

interface OrderSummaryProps {
  totals: CartTotals;
  /** 'Amount Payable' in the cart, 'Grand Total' at checkout. */
  totalLabel: string;
  subtotalLabel: string;
}

export function OrderSummary({ totals, totalLabel, subtotalLabel }: OrderSummaryProps) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-lg">
      <dt>{subtotalLabel}</dt>
      <dd className="text-right">{formatCartPrice(toCents(totals.totalPriceWithoutShipping))}</dd>
      <dt>Shipping</dt>
      <dd className="text-right">{formatCartPrice(toCents(totals.totalShipping))}</dd>
      <dt className="border-t border-neutral-200 pt-2 font-bold">{totalLabel}</dt>
      <dd className="border-t border-neutral-200 pt-2 text-right font-bold">
        {formatCartPrice(toCents(totals.totalPrice))}
      </dd>
    </dl>
  );
}
