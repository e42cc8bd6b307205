import type { Freshness as FreshnessInfo } from '../../../shared/ipc/cached';
import { utcText } from '../../../shared/utc-text';
import { ago, isStale, localClock } from '../format/dates';
import { useNow } from './use-now';

/**
 * How fresh a record view's data is: "as of 14:02", or its age when stale ("as of 2 days ago,
 * stale"), or that it was never synced whole. Never passes old data off as fresh.
 */
export function Freshness({ freshness }: { freshness: FreshnessInfo | null | undefined }) {
  const now = useNow();
  if (freshness === null || freshness === undefined) return null;
  const { syncedAt, complete } = freshness;
  if (syncedAt === null) {
    return (
      <span className="freshness stale" data-testid="freshness">
        {complete ? 'Not synced yet' : 'Not fully synced yet'}
      </span>
    );
  }
  const stale = isStale(syncedAt, now);
  return (
    <span
      className={stale ? 'freshness stale' : 'freshness'}
      title={utcText(syncedAt)}
      data-testid="freshness"
    >
      {stale ? `As of ${ago(syncedAt, now)} (stale)` : `As of ${localClock(syncedAt)}`}
      {complete ? '' : ' · partly synced'}
    </span>
  );
}
