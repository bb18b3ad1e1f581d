import type { OrderStreamStatus } from '../../server/contract/order-stream.ts';

/**
 * Says whether the page is following changes live. Always rendered (empty while all is well), so a
 * screen reader hears it when updates pause and when they resume; `data-live` carries the stream's
 * state for the browser tests.
 */
export function LiveStatus({ status, pausedOnce }: { status: OrderStreamStatus; pausedOnce: boolean }) {
  const text =
    status === 'reconnecting'
      ? 'Live updates paused — reconnecting…'
      : status === 'live' && pausedOnce
        ? 'Live updates are back.'
        : '';
  return (
    <p
      role="status"
      data-live={status}
      className={
        status === 'reconnecting'
          ? 'rounded-xl bg-coral/10 px-4 py-2 font-semibold text-coral-ink'
          : text
            ? 'text-green-800'
            : 'sr-only'
      }
    >
      {text}
    </p>
  );
}
