import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { EventListAnswer, EventListSort } from '../../../shared/ipc/reads';
import { ExportButton } from '../components/ExportButton';
import { Freshness } from '../components/Freshness';
import { Pagination } from '../components/Pagination';
import { Skeleton, StateMessage } from '../components/StateMessage';
import { ONCE_REACHABLE, useSyncOffer } from '../components/sync-offer';
import { pageParam } from '../routes';
import { usePins } from '../stores/library';
import { eventQueries } from '../stores/reads';
import { useSyncStatus } from '../stores/sync-status';
import { EventListFilterBar } from './events/EventListFilters';
import { EventsTable } from './events/EventsTable';
import { eventDeletes } from '../stores/event-deletes';
import { NewEventButton } from './events/NewEventButton';
import { PendingDeleteNotices } from './events/PendingDeleteNotices';
import {
  eventListFilters,
  eventListSort,
  FILTER_PARAMS,
  hasFilters,
  type EventListFilters,
} from './events/list-filters';
import '../styles/events.css';
import '../styles/forms.css';
import { useAddressParams } from '../use-address-params';

const PER_PAGE = 50;

/** What to say when a page of the list has no rows: why, and the one thing to do about it. */
function EmptyEvents({
  answer,
  filtered,
  onClearFilters,
  onFirstPage,
}: {
  answer: EventListAnswer;
  filtered: boolean;
  onClearFilters: () => void;
  onFirstPage: () => void;
}) {
  const syncing = useSyncStatus((state) => state.status?.state === 'syncing');
  const offer = useSyncOffer();
  if (answer.meta.total > 0) {
    return (
      <StateMessage kind="empty" action={{ label: 'First page', run: onFirstPage }}>
        Page {answer.meta.page} is past the end of this list.
      </StateMessage>
    );
  }
  if (filtered) {
    return (
      <StateMessage kind="empty" action={{ label: 'Clear filters', run: onClearFilters }}>
        No events match these filters.
      </StateMessage>
    );
  }
  if (answer.freshness.syncedAt === null) {
    return syncing ? (
      <StateMessage kind="empty">
        No events synced yet: they appear here as the sync brings them.
      </StateMessage>
    ) : (
      <StateMessage kind="empty" action={offer.action}>
        {offer.offline
          ? `No events synced yet: they are fetched ${ONCE_REACHABLE}.`
          : 'No events synced yet: sync to fetch them from the service.'}
      </StateMessage>
    );
  }
  return <StateMessage kind="empty">The service lists no events yet.</StateMessage>;
}

/** `#/events`: every event the service lists, filtered and paged like the service does. */
export function EventsView() {
  const [params, setParams] = useAddressParams();
  const filters = useMemo(() => eventListFilters(params), [params]);
  const sort = eventListSort(params);
  const page = pageParam(params.get('page'));
  const list = eventQueries.useQuery(
    'list',
    { ...filters, sort, page, perPage: PER_PAGE },
    { keepPrevious: true },
  );
  const pins = usePins();
  const pinned = useMemo(() => new Set(pins), [pins]);
  // An event in its undo window reads as deleted, though nothing is queued yet.
  const deleting = useStore(eventDeletes, (state) => state.pending);
  const rows = useMemo(() => {
    const data = list.value?.data ?? [];
    const hidden = new Set(deleting.map((each) => each.eventId));
    return hidden.size === 0 ? data : data.filter((event) => !hidden.has(event.id));
  }, [list.value, deleting]);

  const update = (change: (next: URLSearchParams) => void, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace },
    );
  };
  const setFilter = (name: keyof EventListFilters, value: string, typing: boolean) =>
    update((next) => {
      if (value === '') next.delete(name);
      else next.set(name, value);
      next.delete('page');
    }, typing);
  const clearFilters = () =>
    update((next) => {
      for (const name of FILTER_PARAMS) next.delete(name);
      next.delete('page');
    });
  const setSort = (to: EventListSort) =>
    update((next) => {
      if (to === 'current') next.delete('sort');
      else next.set('sort', to);
      next.delete('page');
    });
  const goToPage = (to: number) =>
    update((next) => {
      if (to <= 1) next.delete('page');
      else next.set('page', String(to));
    });

  const answer = list.value;
  const totalPages = answer === null ? 1 : Math.max(1, Math.ceil(answer.meta.total / PER_PAGE));

  return (
    <>
      <header className="page-header" data-testid="events-header">
        <h1>Events</h1>
        <Freshness freshness={answer?.freshness} />
        <div className="actions">
          <NewEventButton />
          <ExportButton list={{ list: 'events', ...filters, sort }} />
        </div>
      </header>
      <EventListFilterBar filters={filters} onChange={setFilter} sort={sort} onSort={setSort} />
      {answer === null ? (
        list.status === 'error' ? (
          <StateMessage
            kind="error"
            action={{ label: 'Reload', run: () => window.location.reload() }}
          >
            Pitside could not read the events from its local copy: {list.error}
          </StateMessage>
        ) : (
          <Skeleton rows={10} />
        )
      ) : (
        <>
          {list.error !== null && (
            <StateMessage kind="stale">
              Showing the last list read; reading it again failed: {list.error}
            </StateMessage>
          )}
          {answer.data.length === 0 ? (
            <EmptyEvents
              answer={answer}
              filtered={hasFilters(filters)}
              onClearFilters={clearFilters}
              onFirstPage={() => goToPage(1)}
            />
          ) : (
            <EventsTable
              events={rows}
              pinned={pinned}
              busy={list.stale}
              caption={`Events, page ${answer.meta.page} of ${totalPages}`}
            />
          )}
          <Pagination meta={answer.meta} onPage={goToPage} label="Events" />
        </>
      )}
      <PendingDeleteNotices />
    </>
  );
}
