import type { EventListItem, EventStatus, StreamStatus } from '../../shared/wire/event';
import { countOf, mapRows, type ResourceExport } from './resource';

interface EventRow {
  id: string;
  name: string;
  season: string;
  start_date: string;
  end_date: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  stream_status: StreamStatus;
  team_count: number;
  clip_count: number;
}

/*
 * Listed events only: the ones the service's list shows for the key that synced. An event held
 * only because it was opened by id is not part of the list, here as in the app.
 */
const SELECT = `SELECT id, name, season, start_date, end_date, venue, city, state, country,
  stream_status, team_count, clip_count FROM events WHERE listed = 1 ORDER BY start_date, id`;

/** Status is never stored: a cache read days later must still say which events are live now. */
export function eventStatusAt(startDate: string, endDate: string, now: string): EventStatus {
  if (now < startDate) return 'upcoming';
  return now <= endDate ? 'live' : 'past';
}

function toListItem(row: EventRow, now: string): EventListItem {
  return {
    id: row.id,
    name: row.name,
    season: row.season,
    startDate: row.start_date,
    endDate: row.end_date,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    status: eventStatusAt(row.start_date, row.end_date, now),
    streamStatus: row.stream_status,
    teamCount: row.team_count,
    clipCount: row.clip_count,
  };
}

export const eventsExport: ResourceExport<EventListItem> = {
  columns: [
    'id',
    'name',
    'season',
    'startDate',
    'endDate',
    'location.venue',
    'location.city',
    'location.state',
    'location.country',
    'status',
    'streamStatus',
    'teamCount',
    'clipCount',
  ],
  records: (db, now) =>
    mapRows(db.prepare<[], EventRow>(SELECT).iterate(), (row) => toListItem(row, now)),
  count: (db) => countOf(db, 'SELECT count(*) FROM events WHERE listed = 1'),
};
