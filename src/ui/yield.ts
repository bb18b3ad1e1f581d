// Work a phone's main thread does at load is cut into tasks of its own, so that a tap or a frame can
// come between them (docs/decisions/022-main-thread-at-load.md).

/** Resolves in a later task, once the browser has had its turn (input, a frame). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Resolves once the browser is idle (a task later where it cannot say: Safari). */
export const whenIdle = (): Promise<void> =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 0),
  );
