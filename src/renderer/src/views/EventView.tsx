import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { Freshness as FreshnessInfo } from '../../../shared/ipc/cached';
import { EVENT_ID_PATTERN } from '../../../shared/wire/formats';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { Tabs } from '../components/Tabs';
import { pageParam, paths } from '../routes';
import { eventQueries } from '../stores/reads';
import { FavoritesNext } from './analysis/FavoritesNext';
import { RankingsTab } from './analysis/RankingsTab';
import { clipFilters, EventClipsTab } from './events/EventClipsTab';
import { EventEditActions } from './events/EventEditActions';
import { EventHeader } from './events/EventHeader';
import { EventMatchesTab } from './events/EventMatchesTab';
import { EventPickListsTab } from './events/EventPickListsTab';
import { EventTeamsTab } from './events/EventTeamsTab';
import { neverSynced } from './events/PartState';
import { PendingDeleteNotices } from './events/PendingDeleteNotices';
import { UnsentBadge } from './events/UnsentBadge';
import '../styles/events.css';
import '../styles/forms.css';
import { useAddressParams } from '../use-address-params';
import { useFollowRename } from './events/use-follow-rename';

const TABS = ['teams', 'rankings', 'matches', 'clips', 'picklists'] as const;
type EventTab = (typeof TABS)[number];

function tabParam(text: string | null): EventTab {
  return (TABS as readonly string[]).includes(text ?? '') ? (text as EventTab) : 'teams';
}

/** An address whose event the local copy does not hold (or that names no event at all). */
function EventNotFound({ eventId }: { eventId: string }) {
  return (
    <>
      <header className="page-header" data-testid="event-header">
        <h1>Event not found</h1>
      </header>
      <div data-testid="event-not-found">
        <StateMessage kind="empty">
          <span>
            The local copy has no event <code className="event-code">{eventId}</code>; if the
            service has it, it appears after the next sync.{' '}
            <Link to={paths.events()}>Back to Events</Link>
          </span>
        </StateMessage>
      </div>
    </>
  );
}

/** `#/events/<eventId>`: the header, then the event's teams, matches and clips in tabs. */
export function EventView() {
  const eventId = useParams().eventId ?? '';
  const valid = EVENT_ID_PATTERN.test(eventId);
  const [params, setParams] = useAddressParams();
  const tab = tabParam(params.get('tab'));
  const clipPage = pageParam(params.get('page'));
  const clipsBy = useMemo(() => clipFilters(params), [params]);

  useFollowRename(eventId, paths.event);

  const input = valid ? { eventId } : null;
  const event = eventQueries.useQuery('event', input);
  // Read at once, whatever the tab: their counts label the tabs, and a switch shows them at once.
  const teams = eventQueries.useQuery('allTeams', input);
  const matches = eventQueries.useQuery('allMatches', input);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      change(next);
      return next;
    });

  if (!valid || event.errorCode === 'not_found') return <EventNotFound eventId={eventId} />;

  const answer = event.value;
  if (answer === null) {
    return event.status === 'error' ? (
      <>
        <header className="page-header" data-testid="event-header">
          <h1>Event {eventId}</h1>
        </header>
        <StateMessage
          kind="error"
          action={{ label: 'Reload', run: () => window.location.reload() }}
        >
          Pitside could not read this event from its local copy: {event.error}
        </StateMessage>
      </>
    ) : (
      <>
        <header className="page-header" data-testid="event-header" aria-busy="true">
          <h1>
            <span className="visually-hidden">Loading event </span>
            {eventId}
          </h1>
        </header>
        <Skeleton rows={3} />
      </>
    );
  }

  return (
    <>
      <EventHeader
        answer={answer}
        badges={<UnsentBadge eventId={eventId} />}
        actions={<EventEditActions event={answer.data} />}
      />
      <PendingDeleteNotices />
      <FavoritesNext eventId={eventId} />
      <Tabs
        label="Event"
        value={tab}
        onChange={(value) =>
          update((next) => {
            if (value === 'teams') next.delete('tab');
            else next.set('tab', value);
            next.delete('page');
          })
        }
        tabs={[
          {
            value: 'teams',
            label: 'Teams',
            // What was never synced has no count of its own: the list's number, or none, not 0.
            count: syncedCount(teams.value) ?? answer.data.teamCount,
            content: <EventTeamsTab eventId={eventId} teams={teams} />,
          },
          {
            value: 'rankings',
            label: 'Rankings',
            content: <RankingsTab eventId={eventId} status={answer.data.status} />,
          },
          {
            value: 'matches',
            label: 'Matches',
            count: syncedCount(matches.value),
            content: (
              <EventMatchesTab
                eventId={eventId}
                matches={matches}
                teams={teams.value?.data ?? []}
                team={clipsBy.teamNumber}
                onTeam={(value) => update((next) => setOrDelete(next, 'team', value))}
              />
            ),
          },
          {
            value: 'clips',
            label: 'Clips',
            count: answer.data.clipCount,
            content: (
              <EventClipsTab
                eventId={eventId}
                filters={clipsBy}
                page={clipPage}
                teams={teams.value?.data ?? []}
                onFilter={(name, value) =>
                  update((next) => {
                    if (value === '') next.delete(name);
                    else next.set(name, value);
                    next.delete('page');
                  })
                }
                onClearFilters={() =>
                  update((next) => {
                    next.delete('matchType');
                    next.delete('team');
                    next.delete('page');
                  })
                }
                onPage={(to) =>
                  update((next) => {
                    if (to <= 1) next.delete('page');
                    else next.set('page', String(to));
                  })
                }
              />
            ),
          },
          {
            value: 'picklists',
            label: 'Pick lists',
            content: <EventPickListsTab eventId={eventId} teams={teams} />,
          },
        ]}
      />
    </>
  );
}

function setOrDelete(params: URLSearchParams, name: string, value: string): void {
  if (value === '') params.delete(name);
  else params.set(name, value);
}

function syncedCount(
  answer: { meta: { total: number }; freshness: FreshnessInfo } | null,
): number | null {
  return answer === null || neverSynced(answer.freshness) ? null : answer.meta.total;
}
