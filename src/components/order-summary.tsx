import type { CartTotals } from '../../server/contract/cart.ts';

/** Amounts in the cart and at checkout: 2 decimals and 'tk'. */
export const tk = (amount: number): string => `${amount.toFixed(2)} tk`;

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
      <dd className="text-right">{tk(totals.totalPriceWithoutShipping)}</dd>
      <dt>Shipping</dt>
      <dd className="text-right">{tk(totals.totalShipping)}</dd>
      <dt className="border-t border-neutral-200 pt-2 font-bold">{totalLabel}</dt>
      <dd className="border-t border-neutral-200 pt-2 text-right font-bold">{tk(totals.totalPrice)}</dd>
    </dl>
  );
}
