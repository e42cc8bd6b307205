import type { AppDatabase } from '../storage/database';
import { VISIBILITY_MAX_AGE_MS } from '../sync/plan';

/*
 * What a venue share may serve, as the cache's own tables seen through TEMP views on the share's
 * own read-only connection. SQLite resolves an unqualified name in `temp` before `main`, so the
 * cache's queries (the ones the app's views read with, which list exactly as the service lists)
 * run unchanged and see only this:
 *
 * - Events whose visibility is known and not private. `listed` is whether the service lists the
 *   event for a viewer key (public), whatever key the source laptop synced with; unlisted events
 *   stay readable by code.
 * - Of those, only events whose visibility the source can still vouch for: their record was read
 *   no more than `VISIBILITY_MAX_AGE_MS` before the event list was. The list's items say nothing
 *   of visibility (an organizer's list shows private events too), so an event made private stays
 *   "public" in the copy until its record is read again; a sync reads it again at that age, and a
 *   record that sync did not read (scope default, a failed pull) holds the event back instead of
 *   serving it as public under a fresher list. Offline, the list does not move either: the copy
 *   is served as of its last sync, as every answer's `Pitside-Synced-At` says.
 * - The service's copy of an event with edits standing (its shadow), never the local edits. An
 *   event created here (no copy of the service's yet) or deleted here (its parts are gone) is not
 *   served at all: the share serves only what it holds of the service whole.
 * - Team sub-resources kept as the service answered them, without the records of events the share
 *   does not list.
 */
const VOUCHED = `EXISTS (SELECT 1 FROM main.sync_state r
    WHERE r.resource = 'event:' || e.id AND r.complete = 1
      AND r.last_success >= coalesce((SELECT strftime('%Y-%m-%dT%H:%M:%SZ', l.last_success,
        '-${VISIBILITY_MAX_AGE_MS / 1000} seconds') FROM main.sync_state l WHERE l.resource = 'events'), ''))`;

const SHARE_VIEWS = `
CREATE TEMP VIEW IF NOT EXISTS events AS
  SELECT e.id, e.name, e.season, e.start_date, e.end_date, e.venue, e.city, e.state, e.country,
    e.stream_status, e.team_count, e.clip_count, (e.visibility = 'public') AS listed,
    e.visibility, e.created_at, e.updated_at
  FROM main.events e
  WHERE e.visibility IN ('public', 'unlisted')
    AND NOT EXISTS (SELECT 1 FROM main.event_shadows s WHERE s.event_id = e.id)
    AND ${VOUCHED}
  UNION ALL
  SELECT e.id, json_extract(s.record, '$.name'), json_extract(s.record, '$.season'),
    json_extract(s.record, '$.startDate'), json_extract(s.record, '$.endDate'),
    json_extract(s.record, '$.venue'), json_extract(s.record, '$.city'),
    json_extract(s.record, '$.state'), json_extract(s.record, '$.country'),
    json_extract(s.record, '$.streamStatus'), json_extract(s.record, '$.teamCount'),
    json_extract(s.record, '$.clipCount'),
    (json_extract(s.record, '$.visibility') = 'public') AS listed,
    json_extract(s.record, '$.visibility'), json_extract(s.record, '$.createdAt'),
    json_extract(s.record, '$.updatedAt')
  FROM main.event_shadows s JOIN main.events e ON e.id = s.event_id
  WHERE s.record IS NOT NULL
    AND json_extract(s.record, '$.visibility') IN ('public', 'unlisted')
    AND ${VOUCHED};

CREATE TEMP VIEW IF NOT EXISTS fetched_records AS
  SELECT f.resource, f.position, f.record FROM main.fetched_records f
  WHERE (CASE WHEN f.resource GLOB 'team:*:events' THEN json_extract(f.record, '$.id')
    ELSE json_extract(f.record, '$.eventId') END)
    IN (SELECT v.id FROM temp.events v WHERE v.listed = 1);
`;

/**
 * Makes `db` (a read-only connection of the share's own) see only what a share may serve. Once is
 * enough and twice is harmless: a share that finds its port taken is built again on another.
 */
export function limitToShareable(db: AppDatabase): void {
  db.exec(SHARE_VIEWS);
}
