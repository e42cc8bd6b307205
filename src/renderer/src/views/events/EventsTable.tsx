import { CloudOff, Pin } from 'lucide-react';
import { Link } from 'react-router';
import type { EventListItem } from '../../../../shared/wire/event';
import { StatusBadge, StreamBadge } from '../../components/Badges';
import { DateRange } from '../../components/DateText';
import { moveBetweenRows } from '../../components/row-arrows';
import { formatCount } from '../../format/numbers';
import { paths } from '../../routes';
import { editQueries } from '../../stores/edits';
import { fullPlace, shortPlace } from './location';
import { unsentMarks, unsentMarkWords, type UnsentMark } from './unsent-marks';

/** A small marker for an event the person keeps offline; its name is read out, not only drawn. */
export function KeptOfflineMarker() {
  return (
    <span className="kept-offline" title="Kept offline: synced first" data-testid="kept-offline">
      <Pin size={12} aria-hidden="true" />
      <span className="visually-hidden">Kept offline</span>
    </span>
  );
}

/** "Not sent" on a row whose event has edits waiting in the outbox, so none is taken as synced. */
function UnsentMarker({ mark }: { mark: UnsentMark | undefined }) {
  if (mark === undefined) return null;
  const words = unsentMarkWords(mark);
  return (
    <span
      className={mark.attention ? 'badge unsent attention' : 'badge unsent'}
      title={words}
      data-testid="row-unsent"
    >
      <CloudOff size={12} aria-hidden="true" />
      <span aria-hidden="true">Not sent</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/** One page of events, in the service's order; a row with edits not sent yet says so. */
export function EventsTable({
  events,
  pinned,
  caption,
  busy,
}: {
  events: readonly EventListItem[];
  pinned: ReadonlySet<string>;
  caption: string;
  /** A newer answer is on its way; the rows shown are the last one's. */
  busy: boolean;
}) {
  const edits = editQueries.useQuery('list', {});
  const marks = unsentMarks(edits.value?.data ?? []);
  return (
    <table
      className="data events-table rows-move"
      data-testid="events-table"
      aria-busy={busy}
      onKeyDown={moveBetweenRows}
    >
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Code</th>
          <th scope="col">Dates</th>
          <th scope="col">Location</th>
          <th scope="col">Status</th>
          <th scope="col">Stream</th>
          <th scope="col" className="num">
            Teams
          </th>
          <th scope="col" className="num">
            Clips
          </th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id} data-testid="event-row" data-event-id={event.id}>
            <td className="event-name">
              <Link to={paths.event(event.id)}>{event.name}</Link>
              {pinned.has(event.id) && <KeptOfflineMarker />}
              <UnsentMarker mark={marks.get(event.id)} />
            </td>
            <td>
              <code className="event-code">{event.id}</code>
            </td>
            <td>
              <DateRange start={event.startDate} end={event.endDate} />
            </td>
            <td className="event-place" title={fullPlace(event.location)}>
              {shortPlace(event.location)}
            </td>
            <td>
              <StatusBadge status={event.status} />
            </td>
            <td>
              <StreamBadge streamStatus={event.streamStatus} />
            </td>
            <td className="num">{formatCount(event.teamCount)}</td>
            <td className="num">{formatCount(event.clipCount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
