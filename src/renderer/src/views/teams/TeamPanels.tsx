import { useMemo, type ReactNode } from 'react';
import type { Freshness as FreshnessInfo } from '../../../../shared/ipc/cached';
import { CLIP_SORTS, type ClipSort } from '../../../../shared/wire/clip';
import type { ListMeta } from '../../../../shared/wire/envelopes';
import type { EventListItem } from '../../../../shared/wire/event';
import { ClipList } from '../../components/ClipList';
import { ExportButton } from '../../components/ExportButton';
import { Freshness } from '../../components/Freshness';
import { MatchTable } from '../../components/MatchTable';
import { Pagination } from '../../components/Pagination';
import { Skeleton, StateMessage } from '../../components/StateMessage';
import { useSyncOffer } from '../../components/sync-offer';
import { notKeptWords } from './not-kept-words';
import type { Remote } from '../../stores/query-store';
import { useFavorites, usePins } from '../../stores/library';
import { teamQueries } from '../../stores/reads';
import { EventsTable } from '../events/EventsTable';

const EVENTS_PER_PAGE = 25;
const MATCHES_PER_PAGE = 50;
const CLIPS_PER_PAGE = 50;
/** Enough for every event a team attends in a season, for the event filter. */
const EVENT_OPTIONS = 100;

const SORT_LABELS: Record<ClipSort, string> = {
  '-date': 'Newest first',
  date: 'Oldest first',
  '-duration': 'Longest first',
  duration: 'Shortest first',
};

export function clipSortParam(text: string | null): ClipSort {
  return CLIP_SORTS.find((sort) => sort === text) ?? '-date';
}

/** What every tab of the team page is given: whose lists, which season, where in them. */
export interface PanelProps {
  teamNumber: number;
  /** The season picked on the page; undefined lists every season. */
  season: string | undefined;
  page: number;
  onPage: (page: number) => void;
}

interface Listed<Item> {
  data: Item[];
  meta: ListMeta;
  freshness: FreshnessInfo;
}

function inSeason(season: string | undefined): string {
  return season === undefined ? '' : ` in ${season}`;
}

/**
 * One list of the team page in its states: never read (skeleton), failed, never synced, empty,
 * or the rows with their freshness and pages.
 */
function ListState<Item>({
  teamNumber,
  remote,
  what,
  empty,
  label,
  onPage,
  children,
}: {
  teamNumber: number;
  remote: Remote<Listed<Item>>;
  /** "matches", for the messages. */
  what: string;
  empty: string;
  label: string;
  onPage: (page: number) => void;
  children: (items: Item[]) => ReactNode;
}) {
  const offer = useSyncOffer();
  const favorite = useFavorites().includes(teamNumber);
  const answer = remote.value;
  if (answer === null) {
    return remote.status === 'error' ? (
      <StateMessage kind="error">
        The {what} could not be read from the local copy: {remote.error}
      </StateMessage>
    ) : (
      <Skeleton rows={5} />
    );
  }
  if (answer.meta.total === 0) {
    const neverSynced = answer.freshness.syncedAt === null;
    return neverSynced ? (
      <StateMessage kind="empty" action={offer.action}>
        {offer.offline
          ? notKeptWords({ what, favorite })
          : `This team’s ${what} have not been synced yet; sync now to fetch them.`}
      </StateMessage>
    ) : (
      <StateMessage kind="empty">{empty}</StateMessage>
    );
  }
  return (
    <>
      {children(answer.data)}
      <Pagination meta={answer.meta} onPage={onPage} label={label} />
    </>
  );
}

function PanelBar({
  freshness,
  children,
}: {
  freshness: FreshnessInfo | undefined;
  children: ReactNode;
}) {
  return (
    <div className="filters panel-bar">
      {children}
      <span className="actions">
        <Freshness freshness={freshness} />
      </span>
    </div>
  );
}

/** The team's events of the season picked, for the Matches and Clips tabs' event filter. */
/** The team's events, read as the event filter reads them (one read for both), by code. */
export function useEventNames(teamNumber: number, season: string | undefined): Map<string, string> {
  const events = teamQueries.useQuery('events', eventOptionsInput(teamNumber, season));
  return useMemo(
    () => new Map((events.value?.data ?? []).map((event) => [event.id, event.name])),
    [events.value],
  );
}

function eventOptionsInput(teamNumber: number, season: string | undefined) {
  return {
    teamNumber,
    ...(season === undefined ? {} : { season }),
    page: 1,
    perPage: EVENT_OPTIONS,
  };
}

function EventFilter({
  teamNumber,
  season,
  eventId,
  onEvent,
}: {
  teamNumber: number;
  season: string | undefined;
  eventId: string | undefined;
  onEvent: (eventId: string) => void;
}) {
  const events = teamQueries.useQuery('events', eventOptionsInput(teamNumber, season));
  const options = events.value?.data ?? [];
  const unknown = eventId !== undefined && !options.some((event) => event.id === eventId);
  return (
    <label>
      Event
      <select
        className="select"
        value={eventId ?? ''}
        onChange={(event) => onEvent(event.target.value)}
        data-testid="team-event-filter"
      >
        <option value="">
          {season === undefined ? 'All events' : `All events${inSeason(season)}`}
        </option>
        {options.map((event) => (
          <option key={event.id} value={event.id}>
            {event.name}
          </option>
        ))}
        {unknown && <option value={eventId}>{eventId}</option>}
      </select>
    </label>
  );
}

/** The team's events read as the events list does, kept-offline marks included. */
function EventRows({ events }: { events: readonly EventListItem[] }) {
  const pins = usePins();
  const pinned = useMemo(() => new Set(pins), [pins]);
  return <EventsTable events={events} pinned={pinned} caption="The team’s events" busy={false} />;
}

export function TeamEventsPanel({ teamNumber, season, page, onPage }: PanelProps) {
  const filter = season === undefined ? {} : { season };
  const events = teamQueries.useQuery(
    'events',
    { teamNumber, ...filter, page, perPage: EVENTS_PER_PAGE },
    { keepPrevious: true },
  );
  return (
    <div data-testid="team-events">
      <PanelBar freshness={events.value?.freshness}>
        <ExportButton list={{ list: 'teamEvents', teamNumber, ...filter }} label="Export events" />
      </PanelBar>
      <ListState
        teamNumber={teamNumber}
        remote={events}
        what="events"
        empty={`Team ${teamNumber} has no events${inSeason(season)} in the local copy.`}
        label="Events"
        onPage={onPage}
      >
        {(items) => <EventRows events={items} />}
      </ListState>
    </div>
  );
}

export function TeamMatchesPanel({
  teamNumber,
  season,
  eventId,
  page,
  onPage,
  onEvent,
}: PanelProps & { eventId: string | undefined; onEvent: (eventId: string) => void }) {
  const filter = {
    ...(season === undefined ? {} : { season }),
    ...(eventId === undefined ? {} : { eventId }),
  };
  const matches = teamQueries.useQuery(
    'matches',
    { teamNumber, ...filter, page, perPage: MATCHES_PER_PAGE },
    { keepPrevious: true },
  );
  const eventNames = useEventNames(teamNumber, season);
  return (
    <div data-testid="team-matches">
      <PanelBar freshness={matches.value?.freshness}>
        <EventFilter teamNumber={teamNumber} season={season} eventId={eventId} onEvent={onEvent} />
        <ExportButton
          list={{ list: 'teamMatches', teamNumber, ...filter }}
          label="Export matches"
        />
      </PanelBar>
      <ListState
        teamNumber={teamNumber}
        remote={matches}
        what="matches"
        empty={`No matches of team ${teamNumber}${eventId === undefined ? inSeason(season) : ' at this event'} in the local copy.`}
        label="Matches"
        onPage={onPage}
      >
        {(items) => (
          <MatchTable
            matches={items}
            highlightTeam={teamNumber}
            showEvent
            eventNames={eventNames}
            caption={`Matches of team ${teamNumber}`}
          />
        )}
      </ListState>
    </div>
  );
}

export function TeamClipsPanel({
  teamNumber,
  season,
  eventId,
  sort,
  page,
  onPage,
  onEvent,
  onSort,
}: PanelProps & {
  eventId: string | undefined;
  sort: ClipSort;
  onEvent: (eventId: string) => void;
  onSort: (sort: ClipSort) => void;
}) {
  const clips = teamQueries.useQuery(
    'clips',
    {
      teamNumber,
      ...(season === undefined ? {} : { season }),
      ...(eventId === undefined ? {} : { eventId }),
      sort,
      page,
      perPage: CLIPS_PER_PAGE,
    },
    { keepPrevious: true },
  );
  return (
    <div data-testid="team-clips">
      <PanelBar freshness={clips.value?.freshness}>
        <EventFilter teamNumber={teamNumber} season={season} eventId={eventId} onEvent={onEvent} />
        <label>
          Sort
          <select
            className="select"
            value={sort}
            onChange={(event) => onSort(clipSortParam(event.target.value))}
            data-testid="team-clip-sort"
          >
            {CLIP_SORTS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
      </PanelBar>
      <ListState
        teamNumber={teamNumber}
        remote={clips}
        what="clips"
        empty={`No clips of team ${teamNumber}${eventId === undefined ? inSeason(season) : ' at this event'} yet.`}
        label="Clips"
        onPage={onPage}
      >
        {(items) => <ClipList clips={items} caption={`Clips of team ${teamNumber}`} />}
      </ListState>
    </div>
  );
}
