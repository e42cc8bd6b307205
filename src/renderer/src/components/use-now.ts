import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

/**
 * The current time, re-read every 30 s (or every `tickMs`) so "4 min ago" keeps telling the truth
 * on screen; the timer stops when the view unmounts.
 */
export function useNow(tickMs = TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return now;
}
