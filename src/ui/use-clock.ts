import { useEffect, useState } from 'react';

/** The time now, in epoch ms, moved on every `everyMs`: timers and estimates count with it. */
export function useClock(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
