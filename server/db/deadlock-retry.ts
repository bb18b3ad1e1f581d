/**
 * PostgreSQL ends one transaction of a deadlock (SQLSTATE 40P01) and rolls all of it back, so a
 * transaction with no effect outside the database may simply run again: the other has gone on by then.
 */
const DEADLOCK_DETECTED = '40P01';

/** True when an error (or one it wraps) is PostgreSQL ending the transaction as a deadlock's victim. */
export function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ((e as { code?: unknown }).code === DEADLOCK_DETECTED) return true;
  }
  return false;
}

/** Runs `transaction`, and once more if PostgreSQL chose it as a deadlock's victim. */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>): Promise<T> {
  try {
    return await transaction();
  } catch (error) {
    if (!isDeadlock(error)) throw error;
    return transaction();
  }
}
