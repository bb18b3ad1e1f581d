import type { CartAddition } from '../../machines/cart.machine.ts';

/**
 * A guest's Add to Cart, kept while they sign in: the item page remembers it (this tab only,
 * sessionStorage) before sending them to /auth, and the cart adds it once the session is a customer's
 * (src/actors/cart.ts). It is forgotten once the server has answered it; until then a reload sends it
 * again with the same key, which the server answers as already added: one line, once.
 */
export type PendingAdd = CartAddition & { addKey: string };

const KEY = 'pizzon:pending-add';

/** A version 4 UUID from the browser's random numbers (crypto.randomUUID needs a secure origin). */
export function newAddKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function rememberPendingAdd(addition: PendingAdd): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(addition));
  } catch {
    // Storage off (a private window's quota, a policy): the guest adds again after signing in.
  }
}

const isPendingAdd = (value: unknown): value is PendingAdd => {
  const add = value as Partial<PendingAdd> | null;
  return (
    typeof add?.itemId === 'string' &&
    typeof add.name === 'string' &&
    typeof add.addKey === 'string' &&
    Number.isInteger(add.quantity) &&
    (add.choices === undefined ||
      (Array.isArray(add.choices) && add.choices.every((id) => typeof id === 'string'))) &&
    (add.instructions === undefined || typeof add.instructions === 'string')
  );
};

/** The addition a guest left to make after signing in; null when there is none (or it is unreadable). */
export function pendingAdd(): PendingAdd | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return isPendingAdd(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Forgets the kept addition once the server has answered the one with this key. */
export function forgetPendingAdd(addKey: string | undefined): void {
  try {
    if (addKey !== undefined && pendingAdd()?.addKey === addKey) sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
