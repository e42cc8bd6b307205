import type { MatchListAnswer } from '../../../../shared/ipc/reads';
import type { TeamListItem } from '../../../../shared/wire/team';
import { MATCH_TYPES, type MatchRecord, type MatchType } from '../../../../shared/wire/match';
import { ExportButton } from '../../components/ExportButton';
import { Freshness } from '../../components/Freshness';
import { matchTypeLabel, MatchTable, type ExtraColumn } from '../../components/MatchTable';
import { firstUnplayed } from '../../components/match-result';
import { StateMessage } from '../../components/StateMessage';
import { formatCount } from '../../format/numbers';
import type { Remote } from '../../stores/query-store';
import { selectOffline, useSyncStatus } from '../../stores/sync-status';
import { usePredictions } from '../analysis/Predictions';
import { neverSynced, PartState } from './PartState';
import { TeamSelect } from './TeamSelect';
import { UpNextJump } from './UpNext';

/** The schedule split by type, each keeping the service's order. */
function byType(matches: readonly MatchRecord[]): Map<MatchType, MatchRecord[]> {
  const groups = new Map<MatchType, MatchRecord[]>(MATCH_TYPES.map((type) => [type, []]));
  for (const match of matches) groups.get(match.type)?.push(match);
  return groups;
}

function MatchGroup({
  type,
  matches,
  team,
  upNextId,
  extra,
}: {
  type: MatchType;
  matches: readonly MatchRecord[];
  team: number | undefined;
  upNextId: string | undefined;
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
        <MatchTable
          matches={matches}
          highlightTeam={team}
          upNextId={upNextId}
          caption={`${label} matches`}
          extra={extra}
        />
      )}
    </section>
  );
}

/** Schedule and results, grouped Qualification, Semifinal, Final; played and scheduled both. */
export function EventMatchesTab({
  eventId,
  matches,
  teams,
  team,
  onTeam,
}: {
  eventId: string;
  matches: Remote<MatchListAnswer>;
  /** The event's teams, for the team filter; empty until read. */
  teams: readonly TeamListItem[];
  /** The team filter (the address's `team`); its result reads from its side. */
  team: number | undefined;
  onTeam: (value: string) => void;
}) {
  const offline = useSyncStatus(selectOffline);
  const predictions = usePredictions(eventId);
  const all = matches.value?.data ?? [];
  const shown =
    team === undefined
      ? all
      : all.filter((match) => match.red.teams.includes(team) || match.blue.teams.includes(team));
  const next = firstUnplayed(shown);
  return (
    <section aria-label="Matches at this event" data-testid="event-matches">
      <div className="tab-toolbar">
        <div role="search" className="filters events-filters" aria-label="Filter matches">
          <TeamSelect teams={teams} value={team} onChange={onTeam} />
        </div>
        <UpNextJump next={next} any={shown.length > 0} />
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
          ) : shown.length === 0 ? (
            <StateMessage kind="empty" action={{ label: 'All teams', run: () => onTeam('') }}>
              Team {team} plays no match at this event.
            </StateMessage>
          ) : (
            [...byType(shown)].map(([type, group]) => (
              <MatchGroup
                key={type}
                type={type}
                matches={group}
                team={team}
                upNextId={next?.id}
                extra={predictions.column}
              />
            ))
          )
        }
      </PartState>
    </section>
  );
}
