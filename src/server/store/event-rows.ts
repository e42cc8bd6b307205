import type {
  EventFields,
  EventListItem,
  EventRecord,
  StreamStatus,
  Visibility,
} from '../../shared/wire/event';
import { statusAt } from '../../shared/wire/event-rules';

/** Which events a caller may see in lists: organizers and admins all, everyone else public ones. */
export type EventScope = 'all' | 'public';

export interface EventRow {
  id: string;
  name: string;
  season: string;
  start_date: string;
  end_date: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  visibility: Visibility;
  stream_status: StreamStatus;
  created_at: string;
  updated_at: string;
  team_count: number;
  clip_count: number;
}

/** Counts come from the primary-key and event indexes, a handful of lookups per row of a page. */
export const EVENT_COLUMNS = `e.id, e.name, e.season, e.start_date, e.end_date, e.venue, e.city,
  e.state, e.country, e.visibility, e.stream_status, e.created_at, e.updated_at,
  (SELECT count(*) FROM registrations r WHERE r.event_id = e.id) AS team_count,
  (SELECT count(*) FROM clips c WHERE c.event_id = e.id) AS clip_count`;

export function toEventListItem(row: EventRow, now: string): EventListItem {
  return {
    id: row.id,
    name: row.name,
    season: row.season,
    startDate: row.start_date,
    endDate: row.end_date,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    status: statusAt(row.start_date, row.end_date, now),
    streamStatus: row.stream_status,
    teamCount: row.team_count,
    clipCount: row.clip_count,
  };
}

export function toEventRecord(row: EventRow, now: string): EventRecord {
  return {
    ...toEventListItem(row, now),
    visibility: row.visibility,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function fieldsOf(row: EventRow): EventFields {
  return {
    name: row.name,
    season: row.season,
    startDate: row.start_date,
    endDate: row.end_date,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    visibility: row.visibility,
    streamStatus: row.stream_status,
  };
}

export function sameFields(a: EventFields, b: EventFields): boolean {
  return (
    a.name === b.name &&
    a.season === b.season &&
    a.startDate === b.startDate &&
    a.endDate === b.endDate &&
    a.location.venue === b.location.venue &&
    a.location.city === b.location.city &&
    a.location.state === b.location.state &&
    a.location.country === b.location.country &&
    a.visibility === b.visibility &&
    a.streamStatus === b.streamStatus
  );
}
