import { useEffect, useState } from 'react';

const TICK_MS = 30_000;

/** The current time, re-read every 30 s so "4 min ago" keeps telling the truth on screen. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
