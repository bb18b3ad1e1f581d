/**
 * The quantity a guest chose on an item page before being sent to sign in: kept for this tab only
 * (sessionStorage), per item, and taken back once when the item page opens again, so the customer finds
 * the stepper where they left it. A storage the browser refuses leaves the stepper at 1.
 */
const key = (itemId: string) => `pizzon:item-quantity:${itemId}`;

export function rememberQuantity(itemId: string, quantity: number): void {
  try {
    sessionStorage.setItem(key(itemId), String(quantity));
  } catch {
    // Storage off (a private window's quota, a policy): the choice is simply not kept.
  }
}

/** The remembered quantity, forgotten as it is read; null when none was kept. */
export function takeRememberedQuantity(itemId: string): number | null {
  try {
    const kept = sessionStorage.getItem(key(itemId));
    sessionStorage.removeItem(key(itemId));
    const quantity = Number(kept);
    return kept !== null && Number.isInteger(quantity) && quantity >= 1 ? quantity : null;
  } catch {
    return null;
  }
}
