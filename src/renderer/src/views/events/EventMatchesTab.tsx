import type { MatchListAnswer } from '../../../../shared/ipc/reads';
import { MATCH_TYPES, type MatchRecord, type MatchType } from '../../../../shared/wire/match';
import { ExportButton } from '../../components/ExportButton';
import { Freshness } from '../../components/Freshness';
import { matchTypeLabel, MatchTable, type ExtraColumn } from '../../components/MatchTable';
import { StateMessage } from '../../components/StateMessage';
import { formatCount } from '../../format/numbers';
import type { Remote } from '../../stores/query-store';
import { selectOffline, useSyncStatus } from '../../stores/sync-status';
import { usePredictions } from '../analysis/Predictions';
import { neverSynced, PartState } from './PartState';

/** The schedule split by type, each keeping the service's order. */
function byType(matches: readonly MatchRecord[]): Map<MatchType, MatchRecord[]> {
  const groups = new Map<MatchType, MatchRecord[]>(MATCH_TYPES.map((type) => [type, []]));
  for (const match of matches) groups.get(match.type)?.push(match);
  return groups;
}

function MatchGroup({
  type,
  matches,
  extra,
}: {
  type: MatchType;
  matches: readonly MatchRecord[];
  extra?: ExtraColumn;
}) {
  const label = matchTypeLabel(type);
  const headingId = `matches-${type}`;
  const played = matches.filter((match) => match.status === 'played').length;
  return (
    <section className="match-group" aria-labelledby={headingId} data-testid={`matches-${type}`}>
      <h2 id={headingId}>
        {label}
        {matches.length > 0 && (
          <span className="muted group-summary">
            {' '}
            · {formatCount(played)} of {formatCount(matches.length)} played
          </span>
        )}
      </h2>
      {matches.length === 0 ? (
        <p className="muted group-empty">No {label.toLowerCase()} matches scheduled yet.</p>
      ) : (
        <MatchTable matches={matches} caption={`${label} matches`} extra={extra} />
      )}
    </section>
  );
}

/** Schedule and results, grouped Qualification, Semifinal, Final; played and scheduled both. */
export function EventMatchesTab({
  eventId,
  matches,
}: {
  eventId: string;
  matches: Remote<MatchListAnswer>;
}) {
  const offline = useSyncStatus(selectOffline);
  const predictions = usePredictions(eventId);
  return (
    <section aria-label="Matches at this event" data-testid="event-matches">
      <div className="tab-toolbar">
        <Freshness freshness={matches.value?.freshness} />
        <ExportButton list={{ list: 'eventMatches', eventId }} label="Export matches CSV" />
      </div>
      {predictions.summary}
      <PartState remote={matches} what="matches">
        {(answer) =>
          answer.data.length === 0 ? (
            <StateMessage kind="empty">
              {!neverSynced(answer.freshness)
                ? 'No matches scheduled yet for this event.'
                : offline
                  ? 'Not kept offline: Keep this event offline (above) to have its matches next time.'
                  : 'This event’s matches are not synced yet: they appear here as the sync brings them.'}
            </StateMessage>
          ) : (
            [...byType(answer.data)].map(([type, group]) => (
              <MatchGroup key={type} type={type} matches={group} extra={predictions.column} />
            ))
          )
        }
      </PartState>
    </section>
  );
}
