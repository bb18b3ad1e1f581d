import type { OrderStreamStatus } from '../../contract/order-stream.ts';

/**
 * Says whether the page is following changes live. Always rendered (empty while all is well), so a
 * screen reader hears it when updates pause and when they resume; while the server refuses the stream
 * (too many open), its message. `data-live` carries the stream's state for the browser tests.
 */
export function LiveStatus({
  status,
  pausedOnce,
  message,
}: {
  status: OrderStreamStatus;
  pausedOnce: boolean;
  /** The server's words on its refusal, shown while 'waiting'. */
  message: string | null;
}) {
  const paused = status === 'reconnecting' || status === 'waiting';
  const text =
    status === 'waiting'
      ? (message ?? 'Live updates paused.')
      : status === 'reconnecting'
        ? 'Live updates paused — reconnecting…'
        : status === 'live' && pausedOnce
          ? 'Live updates are back.'
          : '';
  return (
    <p
      role="status"
      data-live={status}
      className={
        paused
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
