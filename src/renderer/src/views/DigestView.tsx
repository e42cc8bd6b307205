import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DigestLine, DigestSync } from '../../../shared/ipc/digest';
import { utcText } from '../../../shared/utc-text';
import { StateMessage } from '../components/StateMessage';
import { localDateTime } from '../format/dates';
import { paths } from '../routes';
import { digestActions, digestQueries } from '../stores/digest';
import '../styles/digest.css';
import { changesCount, lineWords } from './digest/digest-words';

/** The lines of one sync, by event, in the order the sync wrote them. */
function byEvent(
  lines: readonly DigestLine[],
): { eventId: string; name: string; lines: DigestLine[] }[] {
  const groups = new Map<string, { eventId: string; name: string; lines: DigestLine[] }>();
  for (const line of lines) {
    const group = groups.get(line.eventId) ?? {
      eventId: line.eventId,
      name: line.eventName,
      lines: [],
    };
    group.lines.push(line);
    groups.set(line.eventId, group);
  }
  return [...groups.values()];
}

function SyncChanges({ sync }: { sync: DigestSync }) {
  return (
    <section
      className="digest-sync card"
      aria-labelledby={`digest-sync-${sync.id}`}
      data-testid="digest-sync"
    >
      <h2 id={`digest-sync-${sync.id}`}>
        <time dateTime={sync.finishedAt} title={utcText(sync.finishedAt)}>
          {localDateTime(sync.finishedAt)}
        </time>
        <span className="muted"> · {changesCount(sync.lines.length)}</span>
      </h2>
      {byEvent(sync.lines).map((group) => (
        <div key={group.eventId} className="digest-event">
          <h3>
            <Link to={paths.event(group.eventId)}>{group.name}</Link>
          </h3>
          <ul>
            {group.lines.map((line, index) => {
              const words = lineWords(line);
              return (
                <li key={index} data-testid="digest-line" data-kind={line.kind}>
                  <Link to={words.to}>{words.text}</Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * `#/changes`: what the last syncs changed in pinned events and favorite teams, newest first,
 * each line a way to its record. Opening it marks the changes read, so the sync bar stops
 * counting them.
 */
export function DigestView() {
  const digest = digestQueries.useQuery('get', {});
  const navigate = useNavigate();
  const unseen = digest.value?.unseen.count ?? 0;
  useEffect(() => {
    if (unseen > 0) void digestActions.seen();
  }, [unseen]);
  const syncs = digest.value?.syncs ?? null;
  return (
    <div className="digest-view" data-testid="digest-view">
      <header className="page-header">
        <h1>What changed</h1>
        <span className="muted">
          In pinned events and favorite teams, over the last 20 syncs that changed something
        </span>
      </header>
      {digest.status === 'error' && (
        <StateMessage kind="error">The changes could not be read: {digest.error}</StateMessage>
      )}
      {syncs !== null && syncs.length === 0 && (
        <StateMessage
          kind="empty"
          action={{ label: 'Open events', run: () => void navigate(paths.events()) }}
        >
          Nothing has changed yet. Pin an event or star a team to follow it here.
        </StateMessage>
      )}
      {syncs?.map((sync) => (
        <SyncChanges key={sync.id} sync={sync} />
      ))}
    </div>
  );
}
