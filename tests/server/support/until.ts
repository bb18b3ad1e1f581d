/**
 * Reads until `done` holds or `ms` have passed, and answers the last value read: for what happens
 * elsewhere (another process, a database announcement) within a bound, asserted by the caller. The
 * default bound is a busy CI machine's, not a promise: a test that promises a time passes its own.
 */
export async function until<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  ms = 5_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
