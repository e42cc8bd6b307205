import { useState } from 'react';
import type { NextMatch } from '../../../../shared/ipc/analysis';
import { utcText } from '../../../../shared/utc-text';
import { useNow } from '../../components/use-now';
import { nextMatchLine, tickFor } from './next-match-words';

/**
 * "Next: Q42 with 254 and 1678 vs 971, 604 and 1323, in about 12 min (running 8 min behind)",
 * counting down with the app's clock: every minute, every second in the last minutes.
 */
export function NextMatchLine({ next }: { next: NextMatch }) {
  const [tickMs, setTickMs] = useState(60_000);
  const now = useNow(tickMs);
  // Near the start the line changes every few seconds: the clock ticks faster then.
  const wanted = tickFor(next, now);
  if (wanted !== tickMs) setTickMs(wanted);
  const expectedAt = next.state === 'scheduled' ? next.expectedAt : null;
  return (
    <span
      className="next-match"
      data-testid="next-match"
      title={expectedAt === null ? undefined : `Expected at ${utcText(expectedAt)}`}
    >
      {nextMatchLine(next, now)}
    </span>
  );
}
