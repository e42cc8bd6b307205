import type { TeamListItem } from '../../../../shared/wire/team';
import { MATCH_TYPES, type MatchType } from '../../../../shared/wire/match';
import { ClipList } from '../../components/ClipList';
import { Freshness } from '../../components/Freshness';
import { matchTypeLabel } from '../../components/MatchTable';
import { Pagination } from '../../components/Pagination';
import { StateMessage } from '../../components/StateMessage';
import { eventQueries } from '../../stores/reads';
import { neverSynced, PartState } from './PartState';
import { TeamSelect } from './TeamSelect';

const PER_PAGE = 50;

export interface ClipFilters {
  matchType?: MatchType;
  teamNumber?: number;
}

/** The clip filters in the address (`matchType`, `team`); what is unreadable is unset. */
export function clipFilters(params: URLSearchParams): ClipFilters {
  const filters: ClipFilters = {};
  const matchType = params.get('matchType');
  if (matchType !== null && (MATCH_TYPES as readonly string[]).includes(matchType)) {
    filters.matchType = matchType as MatchType;
  }
  const team = Number(params.get('team') ?? '');
  if (Number.isInteger(team) && team >= 1 && team <= 99_999) filters.teamNumber = team;
  return filters;
}

/**
 * The event's clips, filtered by match type and team, a page at a time. A clip opens in the
 * system browser through main.
 */
export function EventClipsTab({
  eventId,
  filters,
  page,
  teams,
  onFilter,
  onClearFilters,
  onPage,
}: {
  eventId: string;
  filters: ClipFilters;
  page: number;
  /** The event's teams, for the team filter; empty until read. */
  teams: readonly TeamListItem[];
  onFilter: (name: 'matchType' | 'team', value: string) => void;
  onClearFilters: () => void;
  onPage: (page: number) => void;
}) {
  const clips = eventQueries.useQuery(
    'clips',
    { eventId, ...filters, page, perPage: PER_PAGE },
    { keepPrevious: true },
  );
  const filtered = filters.matchType !== undefined || filters.teamNumber !== undefined;

  return (
    <section aria-label="Clips of this event" data-testid="event-clips">
      <div className="tab-toolbar">
        <div role="search" className="filters events-filters" aria-label="Filter clips">
          <label>
            Match type
            <select
              className="select"
              value={filters.matchType ?? ''}
              onChange={(event) => onFilter('matchType', event.target.value)}
            >
              <option value="">All match types</option>
              {MATCH_TYPES.map((type) => (
                <option key={type} value={type}>
                  {matchTypeLabel(type)}
                </option>
              ))}
            </select>
          </label>
          <TeamSelect
            teams={teams}
            value={filters.teamNumber}
            onChange={(value) => onFilter('team', value)}
          />
        </div>
        <Freshness freshness={clips.value?.freshness} />
      </div>
      <PartState remote={clips} what="clips">
        {(answer) => (
          <>
            {answer.data.length > 0 ? (
              <ClipList clips={answer.data} caption="Clips of this event" />
            ) : answer.meta.total > 0 ? (
              <StateMessage kind="empty" action={{ label: 'First page', run: () => onPage(1) }}>
                Page {answer.meta.page} is past the end of the clips.
              </StateMessage>
            ) : filtered ? (
              <StateMessage kind="empty" action={{ label: 'Clear filters', run: onClearFilters }}>
                No clips match these filters.
              </StateMessage>
            ) : (
              <StateMessage kind="empty">
                {neverSynced(answer.freshness)
                  ? 'No clips yet: this event’s clips are not synced, and appear here as the sync brings them.'
                  : 'No clips yet: nobody has recorded one at this event.'}
              </StateMessage>
            )}
            <Pagination meta={answer.meta} onPage={onPage} label="Clips" />
          </>
        )}
      </PartState>
    </section>
  );
}
