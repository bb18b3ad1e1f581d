/**
 * Reads until `done` holds or `ms` have passed, and answers the last value read: for what happens
 * elsewhere (another process, a database announcement) within a bound, asserted by the caller.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms = 1_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
