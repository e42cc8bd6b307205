import Database from 'better-sqlite3';

/**
 * The reference service's own store. Bump SCHEMA_VERSION with every change to SCHEMA; a file
 * written by another version is refused rather than silently altered.
 *
 * Timestamps are stored as the service returns them (UTC, second precision, `Z`), so text order is
 * time order and rows serialise without conversion. Alliance and clip team lists are stored twice
 * on purpose: as the JSON array the record returns (cheap to serialise a page of 100) and as rows
 * of `match_teams` / `clip_teams` (indexed, for "every match of team 254"). The importer (`import.ts`)
 * writes the index rows from the JSON it has just inserted, so the two cannot disagree.
 */
export const SCHEMA_VERSION = 1;

const SCHEMA = `
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
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'unlisted', 'private')),
  stream_status TEXT NOT NULL CHECK (stream_status IN ('none', 'scheduled', 'live', 'ended')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX events_by_start ON events (start_date, id);
CREATE INDEX events_by_season ON events (season, start_date, id);

-- Every id ever handed out, so a deleted event's code is never given to a new one.
CREATE TABLE issued_event_ids (id TEXT PRIMARY KEY) STRICT;

CREATE TABLE teams (
  number INTEGER PRIMARY KEY CHECK (number BETWEEN 1 AND 99999),
  name TEXT NOT NULL,
  school TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  country TEXT NOT NULL,
  rookie INTEGER NOT NULL,
  website TEXT NOT NULL
) STRICT;

CREATE TABLE registrations (
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL REFERENCES teams (number),
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
  UNIQUE (event_id, type_rank, number)
) STRICT;

CREATE TABLE match_teams (
  match_id TEXT NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL REFERENCES teams (number),
  alliance TEXT NOT NULL CHECK (alliance IN ('red', 'blue')),
  PRIMARY KEY (match_id, team_number)
) STRICT, WITHOUT ROWID;
CREATE INDEX match_teams_by_team ON match_teams (team_number, match_id);

CREATE TABLE clips (
  id TEXT PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  match_id TEXT REFERENCES matches (id) ON DELETE CASCADE,
  match_type TEXT CHECK (match_type IN ('qualification', 'semifinal', 'final')),
  team_numbers TEXT NOT NULL,
  title TEXT NOT NULL,
  url TEXT NOT NULL,
  thumbnail_url TEXT,
  duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
  recorded_at TEXT NOT NULL
) STRICT;
CREATE INDEX clips_by_event ON clips (event_id, recorded_at);
CREATE INDEX clips_by_match ON clips (match_id);

CREATE TABLE clip_teams (
  clip_id TEXT NOT NULL REFERENCES clips (id) ON DELETE CASCADE,
  team_number INTEGER NOT NULL REFERENCES teams (number),
  PRIMARY KEY (clip_id, team_number)
) STRICT, WITHOUT ROWID;
CREATE INDEX clip_teams_by_team ON clip_teams (team_number, clip_id);

-- Answers to POST with an Idempotency-Key, per API key, replayed for 24 hours.
CREATE TABLE idempotency_keys (
  api_key_hash TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  status INTEGER NOT NULL,
  location TEXT,
  body TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (api_key_hash, idempotency_key)
) STRICT;
`;

export type ServerDatabase = Database.Database;

/**
 * Opens (creating when new) the service's store at `file`, or an in-memory one for `:memory:`.
 * Throws when the file was written by a different schema version.
 */
export function openServerDatabase(file: string, nativeBinding?: string): ServerDatabase {
  const db = new Database(file, nativeBinding === undefined ? {} : { nativeBinding });
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === 0) {
    db.transaction(() => {
      db.exec(SCHEMA);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
  } else if (version !== SCHEMA_VERSION) {
    db.close();
    throw new Error(
      `${file} holds a service store of schema version ${version}; this build reads version ${SCHEMA_VERSION}. Use another --db file.`,
    );
  }
  return db;
}
