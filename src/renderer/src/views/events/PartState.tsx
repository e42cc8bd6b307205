import type { ReactNode } from 'react';
import type { Freshness as FreshnessInfo } from '../../../../shared/ipc/cached';
import { Skeleton, StateMessage } from '../../components/StateMessage';
import type { Remote } from '../../stores/query-store';

/**
 * One part of an event (teams, matches, clips) in its tab: cached rows at once, a skeleton only
 * for a part never read, and a failed read in words. `children` renders the answer.
 */
export function PartState<Answer extends { freshness: FreshnessInfo }>({
  remote,
  what,
  children,
}: {
  remote: Remote<Answer>;
  /** "teams", "matches": for the error sentence. */
  what: string;
  children: (answer: Answer) => ReactNode;
}) {
  if (remote.value === null) {
    if (remote.status === 'error') {
      return (
        <StateMessage
          kind="error"
          action={{ label: 'Reload', run: () => window.location.reload() }}
        >
          Pitside could not read this event’s {what} from its local copy: {remote.error}
        </StateMessage>
      );
    }
    return <Skeleton rows={8} />;
  }
  return (
    <>
      {remote.error !== null && (
        <StateMessage kind="stale">
          Showing the last {what} read; reading them again failed: {remote.error}
        </StateMessage>
      )}
      {children(remote.value)}
    </>
  );
}

/** "Not synced yet" and "there are none" are different news; say which. */
export function neverSynced(freshness: FreshnessInfo): boolean {
  return freshness.syncedAt === null;
}
