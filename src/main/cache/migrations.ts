import type { DatabaseSchema } from '../storage/database-file';
import type { Migration } from '../storage/migrations';

/*
 * The local copy of the service. Timestamps are kept as the service sends them (UTC, second
 * precision, `Z`), so text order is time order. `status` is never stored: it is recomputed from the
 * dates against the local clock, so an event turns live offline too.
 *
 * `listed` separates what the service's lists show for our key from records we only hold because
 * someone asked for them by id (a pinned unlisted event): local lists show listed rows only, exactly
 * like the service's lists do.
 *
 * Alliance and clip team lists are stored as the JSON array a record returns and as indexed rows
 * (`match_teams`, `clip_teams`) for "every match of team 254"; both are written from the same
 * record in the same statement batch.
 */
const CACHE_SCHEMA = `
CREATE TABLE events (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  season TEXT NOT NULL,
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  venue TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  country TEXT NOT NULL,
  stream_status TEXT NOT NULL CHECK (stream_status IN ('none', 'scheduled', 'live', 'ended')),
  team_count INTEGER NOT NULL CHECK (team_count >= 0),
  clip_count INTEGER NOT NULL CHECK (clip_count >= 0),
  listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
  -- Known once the single record was read; NULL while only the list item is.
  visibility TEXT CHECK (visibility IN ('public', 'unlisted', 'private')),
  created_at TEXT,
  updated_at TEXT
) STRICT;
CREATE INDEX events_by_start ON events (start_date, id);
CREATE INDEX events_by_season ON events (season, start_date, id);

CREATE TABLE teams (
  number INTEGER PRIMARY KEY CHECK (number BETWEEN 1 AND 99999),
  name TEXT NOT NULL,
  school TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  country TEXT NOT NULL,
  rookie INTEGER NOT NULL,
  website TEXT NOT NULL,
  clip_count INTEGER NOT NULL CHECK (clip_count >= 0),
  listed INTEGER NOT NULL CHECK (listed IN (0, 1)),
  -- The single record's counts over all seasons; NULL until it was read.
  event_count INTEGER,
  match_count INTEGER
) STRICT;

CREATE TABLE registrations (
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL,
  PRIMARY KEY (event_id, team_number)
) STRICT, WITHOUT ROWID;
CREATE INDEX registrations_by_team ON registrations (team_number, event_id);

CREATE TABLE matches (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('qualification', 'semifinal', 'final')),
  type_rank INTEGER NOT NULL CHECK (type_rank IN (0, 1, 2)),
  number INTEGER NOT NULL CHECK (number >= 1),
  status TEXT NOT NULL CHECK (status IN ('scheduled', 'played')),
  scheduled_at TEXT,
  played_at TEXT,
  red_teams TEXT NOT NULL,
  blue_teams TEXT NOT NULL,
  red_score INTEGER,
  blue_score INTEGER,
  winner TEXT CHECK (winner IN ('red', 'blue', 'tie')),
  clip_count INTEGER NOT NULL CHECK (clip_count >= 0)
) STRICT;
CREATE INDEX matches_by_event ON matches (event_id, type_rank, number);

-- Who played in each match, one row per team, for "every match of team 254". Written only by the
-- triggers below from the match's own JSON team lists, so the two can never disagree; keyed by
-- team first, the one way it is read, so each row costs one B-tree insert and no foreign key check.
CREATE TABLE match_teams (
  team_number INTEGER NOT NULL,
  match_id TEXT NOT NULL,
  alliance TEXT NOT NULL CHECK (alliance IN ('red', 'blue')),
  PRIMARY KEY (team_number, match_id)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER match_teams_insert AFTER INSERT ON matches BEGIN
  INSERT OR IGNORE INTO match_teams (team_number, match_id, alliance)
    SELECT value, new.id, 'red' FROM json_each(new.red_teams)
    UNION ALL SELECT value, new.id, 'blue' FROM json_each(new.blue_teams);
END;
CREATE TRIGGER match_teams_update AFTER UPDATE OF red_teams, blue_teams ON matches
WHEN old.red_teams IS NOT new.red_teams OR old.blue_teams IS NOT new.blue_teams BEGIN
  DELETE FROM match_teams WHERE match_id = old.id AND team_number IN
    (SELECT value FROM json_each(old.red_teams) UNION SELECT value FROM json_each(old.blue_teams));
  INSERT OR IGNORE INTO match_teams (team_number, match_id, alliance)
    SELECT value, new.id, 'red' FROM json_each(new.red_teams)
    UNION ALL SELECT value, new.id, 'blue' FROM json_each(new.blue_teams);
END;
CREATE TRIGGER match_teams_delete AFTER DELETE ON matches BEGIN
  DELETE FROM match_teams WHERE match_id = old.id AND team_number IN
    (SELECT value FROM json_each(old.red_teams) UNION SELECT value FROM json_each(old.blue_teams));
END;

CREATE TABLE clips (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  match_id TEXT,
  match_type TEXT CHECK (match_type IN ('qualification', 'semifinal', 'final')),
  team_numbers TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  thumbnail_url TEXT,
  duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX clips_by_event ON clips (event_id, recorded_at);

-- The teams a clip features, kept by triggers from its JSON list like match_teams.
CREATE TABLE clip_teams (
  team_number INTEGER NOT NULL,
  clip_id TEXT NOT NULL,
  PRIMARY KEY (team_number, clip_id)
) STRICT, WITHOUT ROWID;
CREATE TRIGGER clip_teams_insert AFTER INSERT ON clips BEGIN
  INSERT OR IGNORE INTO clip_teams (team_number, clip_id)
    SELECT value, new.id FROM json_each(new.team_numbers);
END;
CREATE TRIGGER clip_teams_update AFTER UPDATE OF team_numbers ON clips
WHEN old.team_numbers IS NOT new.team_numbers BEGIN
  DELETE FROM clip_teams WHERE clip_id = old.id AND team_number IN
    (SELECT value FROM json_each(old.team_numbers));
  INSERT OR IGNORE INTO clip_teams (team_number, clip_id)
    SELECT value, new.id FROM json_each(new.team_numbers);
END;
CREATE TRIGGER clip_teams_delete AFTER DELETE ON clips BEGIN
  DELETE FROM clip_teams WHERE clip_id = old.id AND team_number IN
    (SELECT value FROM json_each(old.team_numbers));
END;

-- One row per team and season. Teams are not referenced: stats of a team outside the team list
-- (a later withdrawal) stay readable until the next pull of that team's stats replaces them.
CREATE TABLE team_stats (
  team_number INTEGER NOT NULL,
  season TEXT NOT NULL,
  events INTEGER NOT NULL,
  matches INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  losses INTEGER NOT NULL,
  win_rate REAL NOT NULL,
  avg_score REAL NOT NULL,
  high_score REAL NOT NULL,
  rank_regional INTEGER NOT NULL,
  rank_state INTEGER NOT NULL,
  rank_world INTEGER NOT NULL,
  PRIMARY KEY (team_number, season)
) STRICT, WITHOUT ROWID;

-- Team sub-resources (events, matches, clips) as the service answered them, kept only for teams
-- whose events are not all synced in full: otherwise they are derived from the event tables.
CREATE TABLE fetched_records (
  resource TEXT NOT NULL,
  position INTEGER NOT NULL,
  record TEXT NOT NULL,
  PRIMARY KEY (resource, position)
) STRICT, WITHOUT ROWID;

-- What we know about each resource's copy (see src/shared/ipc/resources.ts for the keys).
CREATE TABLE sync_state (
  resource TEXT PRIMARY KEY,
  complete INTEGER NOT NULL CHECK (complete IN (0, 1)),
  record_count INTEGER NOT NULL DEFAULT 0,
  -- The page size the service used for the copy we hold: with a 304 on page 1, the page count.
  page_size INTEGER,
  last_success TEXT,
  last_attempt TEXT,
  last_error TEXT
) STRICT, WITHOUT ROWID;

-- The validator of every URL we hold a copy of, for If-None-Match.
CREATE TABLE etags (
  url TEXT PRIMARY KEY,
  etag TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE favorite_teams (
  team_number INTEGER PRIMARY KEY CHECK (team_number BETWEEN 1 AND 99999),
  added_at TEXT NOT NULL
) STRICT;

CREATE TABLE pinned_events (
  event_id TEXT PRIMARY KEY,
  added_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- Plain settings (the service URL, the sync scope). Never the API key: that lives in the keychain.
CREATE TABLE settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT, WITHOUT ROWID;
`;

/*
 * Quick-open search. Trigram tokens give substring matches ("ucks" finds "Ducks"), case- and
 * accent-insensitive, from three characters on; shorter text falls back to a scan (see search.ts).
 * The tables index their source tables' rows by rowid and are kept current by triggers.
 */
const SEARCH_SCHEMA = `
CREATE VIRTUAL TABLE events_search USING fts5(
  name, code, city,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE TRIGGER events_search_insert AFTER INSERT ON events BEGIN
  INSERT INTO events_search (rowid, name, code, city) VALUES (new.rowid, new.name, new.id, new.city);
END;
CREATE TRIGGER events_search_delete AFTER DELETE ON events BEGIN
  DELETE FROM events_search WHERE rowid = old.rowid;
END;
CREATE TRIGGER events_search_update AFTER UPDATE OF name, city ON events BEGIN
  DELETE FROM events_search WHERE rowid = old.rowid;
  INSERT INTO events_search (rowid, name, code, city) VALUES (new.rowid, new.name, new.id, new.city);
END;

CREATE VIRTUAL TABLE teams_search USING fts5(
  name, school, city, number,
  content = '', contentless_delete = 1,
  tokenize = 'trigram case_sensitive 0 remove_diacritics 1'
);
CREATE TRIGGER teams_search_insert AFTER INSERT ON teams BEGIN
  INSERT INTO teams_search (rowid, name, school, city, number)
  VALUES (new.number, new.name, new.school, new.city, CAST(new.number AS TEXT));
END;
CREATE TRIGGER teams_search_delete AFTER DELETE ON teams BEGIN
  DELETE FROM teams_search WHERE rowid = old.number;
END;
CREATE TRIGGER teams_search_update AFTER UPDATE OF name, school, city ON teams BEGIN
  DELETE FROM teams_search WHERE rowid = old.number;
  INSERT INTO teams_search (rowid, name, school, city, number)
  VALUES (new.number, new.name, new.school, new.city, CAST(new.number AS TEXT));
END;
`;

/*
 * Organizers' edits, kept until the service has them. The outbox is the person's own, like favorites:
 * clearing the cache, forgetting a service and a sync leave it alone. Each row is one edit, sent in
 * `id` order per event. `service` is the URL the edit was made against: an edit is only ever sent
 * there. `base` is what the edited fields read when the edit was made, and `base_etag` the
 * validator of that state where the service gave one, so a change made meanwhile by someone else
 * is found rather than overwritten.
 *
 * `event_shadows` holds the service's own copy of each event with edits in flight; the `events` row
 * shows that copy with the edits applied on top, and a sync updates the shadow, never the edits.
 * `event_aliases` keeps the temporary codes of events created offline after the service named them,
 * so links and addresses made with a temporary code still lead to the event.
 */
const OUTBOX_SCHEMA = `
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  service TEXT NOT NULL,
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('create', 'update', 'delete')),
  payload TEXT,
  base TEXT,
  base_etag TEXT,
  idempotency_key TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'failed', 'conflict')),
  attempts INTEGER NOT NULL DEFAULT 0,
  not_before TEXT,
  error TEXT,
  conflict TEXT,
  queued_at TEXT NOT NULL,
  changed_at TEXT NOT NULL
) STRICT;
CREATE INDEX outbox_by_event ON outbox (event_id, id);

CREATE TABLE event_shadows (
  event_id TEXT PRIMARY KEY,
  record TEXT,
  etag TEXT
) STRICT, WITHOUT ROWID;

CREATE TABLE event_aliases (
  local_id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL
) STRICT, WITHOUT ROWID;
`;

/*
 * Updates sent to a service that gives no ETags, each waiting for one more look at the event. The
 * interface alone has no conditional write: two writers who both checked the field before either
 * wrote both succeed, and the later silently wins. Whoever's value was lost finds it changed when
 * it looks again a moment later (see `sent-checks.ts`). `fields` maps each field written to the
 * value the service held when it was checked (`base`) and the value sent (`mine`).
 */
const SENT_CHECKS_SCHEMA = `
CREATE TABLE sent_checks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  service TEXT NOT NULL,
  event_id TEXT NOT NULL,
  fields TEXT NOT NULL,
  check_after TEXT NOT NULL
) STRICT;
CREATE INDEX sent_checks_by_event ON sent_checks (service, event_id);
`;

/*
 * What the outbox knows of edits that went out. `outbox.sent_at` is when an edit was first handed
 * to the service (local time, ms): a create that may have arrived is looked for among events the
 * service made after it, never an older one of the same fields. `sent_changes` keeps, per event,
 * what this computer's edits made it read on the service (`fields`: each field's value before and
 * after), so that a service that later loses them (restored from an older copy) is told, once.
 */
const SENT_EDITS_SCHEMA = `
ALTER TABLE outbox ADD COLUMN sent_at TEXT;
-- An edit tried before it had this column went out no earlier than it was queued.
UPDATE outbox SET sent_at = queued_at WHERE attempts > 0 OR state = 'sending';
CREATE TABLE sent_changes (
  service TEXT NOT NULL,
  event_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('create', 'update')),
  payload TEXT,
  fields TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  PRIMARY KEY (service, event_id)
) STRICT, WITHOUT ROWID;
`;

/*
 * The "what changed" digest: lines the sync's writes record as they change rows of pinned events
 * and favorite teams (`sync_id` NULL until the run that wrote them ends and seals them under its
 * `digest_syncs` row), the service's last status of each followed event (status is not stored in
 * `events`, see above), when the digest was last opened, and which notifications went out.
 */
const DIGEST_SCHEMA = `
CREATE TABLE digest_syncs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  finished_at TEXT NOT NULL
) STRICT;
CREATE TABLE digest_lines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sync_id INTEGER REFERENCES digest_syncs (id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_name TEXT NOT NULL,
  match_id TEXT,
  team_number INTEGER,
  field TEXT,
  before TEXT,
  after TEXT
) STRICT;
CREATE INDEX digest_lines_by_sync ON digest_lines (sync_id);
CREATE TABLE digest_event_status (
  event_id TEXT PRIMARY KEY,
  status TEXT NOT NULL
) STRICT, WITHOUT ROWID;
CREATE TABLE digest_seen (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seen_at TEXT NOT NULL,
  sync_id INTEGER NOT NULL
) STRICT;
CREATE TABLE notified (
  key TEXT PRIMARY KEY,
  at TEXT NOT NULL
) STRICT, WITHOUT ROWID;
`;

/*
 * Pick lists and private team notes: the person's own, never sent to the service, so no key on
 * `events` or `teams` (whose rows "Clear cache" deletes) and none of them in `forget.ts`.
 * `position` orders a list's entries; `used_at` (local time) says which list was used last.
 */
const PICK_LISTS_SCHEMA = `
CREATE TABLE pick_lists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL,
  name TEXT NOT NULL,
  used_at TEXT NOT NULL,
  UNIQUE (event_id, name)
) STRICT;
CREATE TABLE pick_entries (
  list_id INTEGER NOT NULL REFERENCES pick_lists (id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL CHECK (team_number BETWEEN 1 AND 99999),
  position INTEGER NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  picked INTEGER NOT NULL DEFAULT 0 CHECK (picked IN (0, 1)),
  PRIMARY KEY (list_id, team_number)
) STRICT, WITHOUT ROWID;
CREATE INDEX pick_entries_in_order ON pick_entries (list_id, position);
CREATE TABLE team_notes (
  team_number INTEGER PRIMARY KEY CHECK (team_number BETWEEN 1 AND 99999),
  note TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
`;

/** The cache's migrations, in order. Append only: a shipped migration is never edited. */
export const CACHE_MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'cache tables', up: (db) => db.exec(CACHE_SCHEMA) },
  { version: 2, name: 'quick-open search', up: (db) => db.exec(SEARCH_SCHEMA) },
  {
    version: 3,
    name: 'unreadable records per copy',
    // How many records the service listed in a copy that the client could not read: the copy
    // holds `record_count`, the service's list `record_count + unreadable` (its pages follow that).
    up: (db) => db.exec('ALTER TABLE sync_state ADD COLUMN unreadable INTEGER NOT NULL DEFAULT 0'),
  },
  { version: 4, name: 'outbox of edits', up: (db) => db.exec(OUTBOX_SCHEMA) },
  { version: 5, name: 'checks of sent edits', up: (db) => db.exec(SENT_CHECKS_SCHEMA) },
  { version: 6, name: 'what sent edits changed', up: (db) => db.exec(SENT_EDITS_SCHEMA) },
  { version: 7, name: 'what changed digest', up: (db) => db.exec(DIGEST_SCHEMA) },
  { version: 8, name: 'pick lists and team notes', up: (db) => db.exec(PICK_LISTS_SCHEMA) },
  {
    version: 9,
    name: 'when the source synced a copy',
    // A copy taken from a venue share is as old as the share's own copy, not as the moment it was
    // taken: `last_success` keeps when we asked (what the plan's ages run on), this when the
    // service was last heard (what views show). NULL: the service itself answered.
    up: (db) => db.exec('ALTER TABLE sync_state ADD COLUMN source_synced_at TEXT'),
  },
];

/**
 * The cache as `openAppDatabase` opens it. Pitside began to mark its caches while their schema was
 * at version 2: a cache at version 1 or 2 may carry no mark, and is then recognised by its tables;
 * a cache at any later version always carries it.
 */
export const CACHE_DATABASE: DatabaseSchema = {
  migrations: CACHE_MIGRATIONS,
  lastUnmarkedVersion: 2,
};
