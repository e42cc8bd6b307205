import Database from 'better-sqlite3';
import { canonical, recordsText, type Copy } from './copy';

/*
 * Reads the cache file with plain SQL and rebuilds the service's wire records from its rows, so a
 * cache can be compared with `readServiceCopy` record for record. Independent of the app's own
 * query layer on purpose: this is the yardstick, not the thing measured.
 */

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
  stream_status: string;
  team_count: number;
  clip_count: number;
  listed: number;
}

interface TeamRow {
  number: number;
  name: string;
  school: string;
  city: string;
  state: string;
  country: string;
  rookie: number;
  website: string;
  clip_count: number;
  listed: number;
}

interface MatchRow {
  id: string;
  event_id: string;
  type: string;
  number: number;
  status: string;
  scheduled_at: string | null;
  played_at: string | null;
  red_teams: string;
  blue_teams: string;
  red_score: number | null;
  blue_score: number | null;
  winner: string | null;
  clip_count: number;
}

interface ClipRow {
  id: string;
  event_id: string;
  match_id: string | null;
  match_type: string | null;
  team_numbers: string;
  title: string;
  url: string;
  thumbnail_url: string | null;
  duration_seconds: number;
  recorded_at: string;
}

interface StatsRow {
  team_number: number;
  season: string;
  events: number;
  matches: number;
  wins: number;
  losses: number;
  win_rate: number;
  avg_score: number;
  high_score: number;
  rank_regional: number;
  rank_state: number;
  rank_world: number;
}

interface StateRow {
  resource: string;
  complete: number;
  record_count: number;
}

const eventItem = (row: EventRow) => ({
  id: row.id,
  name: row.name,
  season: row.season,
  startDate: row.start_date,
  endDate: row.end_date,
  location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
  streamStatus: row.stream_status,
  teamCount: row.team_count,
  clipCount: row.clip_count,
});

const teamItem = (row: TeamRow) => ({
  number: row.number,
  name: row.name,
  school: row.school,
  city: row.city,
  state: row.state,
  country: row.country,
  rookie: row.rookie,
  website: row.website,
  clipCount: row.clip_count,
});

const matchRecord = (row: MatchRow) => ({
  id: row.id,
  eventId: row.event_id,
  type: row.type,
  number: row.number,
  status: row.status,
  scheduledAt: row.scheduled_at,
  playedAt: row.played_at,
  red: { teams: JSON.parse(row.red_teams) as unknown, score: row.red_score },
  blue: { teams: JSON.parse(row.blue_teams) as unknown, score: row.blue_score },
  winner: row.winner,
  clipCount: row.clip_count,
});

const clipRecord = (row: ClipRow) => ({
  id: row.id,
  eventId: row.event_id,
  matchId: row.match_id,
  matchType: row.match_type,
  teamNumbers: JSON.parse(row.team_numbers) as unknown,
  title: row.title,
  url: row.url,
  thumbnailUrl: row.thumbnail_url,
  durationSeconds: row.duration_seconds,
  recordedAt: row.recorded_at,
});

const statsRecord = (row: StatsRow) => ({
  season: row.season,
  events: row.events,
  matches: row.matches,
  wins: row.wins,
  losses: row.losses,
  winRate: row.win_rate,
  avgScore: row.avg_score,
  highScore: row.high_score,
  rankings: { regional: row.rank_regional, state: row.rank_state, world: row.rank_world },
});

function groupBy<Row>(rows: Row[], keyOf: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return groups;
}

/**
 * Every resource the cache holds: the two lists (listed rows only, as the service's lists show),
 * the teams, matches and clips of every event that has a row or a part row (so rows left behind
 * by a deleted event show up), and every statistics row.
 */
export function readCacheCopy(db: Database.Database): Copy {
  const copy: Copy = new Map();
  const events = db.prepare<[], EventRow>('SELECT * FROM events').all();
  copy.set(
    'events',
    recordsText(events.filter(listed).map(eventItem), (event) => event.id),
  );
  const teams = db.prepare<[], TeamRow>('SELECT * FROM teams').all();
  copy.set(
    'teams',
    recordsText(teams.filter(listed).map(teamItem), (team) => team.number),
  );

  const teamByNumber = new Map(teams.map((team) => [team.number, team]));
  const registrations = groupBy(
    db.prepare<[], { event_id: string; team_number: number }>('SELECT * FROM registrations').all(),
    (row) => row.event_id,
  );
  const matches = groupBy(
    db.prepare<[], MatchRow>('SELECT * FROM matches').all(),
    (row) => row.event_id,
  );
  const clips = groupBy(
    db.prepare<[], ClipRow>('SELECT * FROM clips').all(),
    (row) => row.event_id,
  );
  const eventIds = new Set([
    ...events.map((event) => event.id),
    ...registrations.keys(),
    ...matches.keys(),
    ...clips.keys(),
  ]);
  for (const id of eventIds) {
    const registered = (registrations.get(id) ?? []).map(({ team_number: number }) => {
      const team = teamByNumber.get(number);
      // A registration without its team row is a broken copy; it must not compare equal.
      return team === undefined ? { number, missingTeamRow: true } : teamItem(team);
    });
    copy.set(
      `event:${id}:teams`,
      recordsText(registered, (team) => team.number),
    );
    copy.set(
      `event:${id}:matches`,
      recordsText((matches.get(id) ?? []).map(matchRecord), (match) => match.id),
    );
    copy.set(
      `event:${id}:clips`,
      recordsText((clips.get(id) ?? []).map(clipRecord), (clip) => clip.id),
    );
  }
  for (const row of db.prepare<[], StatsRow>('SELECT * FROM team_stats').all()) {
    copy.set(`team:${row.team_number}:stats:${row.season}`, canonical(statsRecord(row)));
  }
  return copy;
}

function listed(row: { listed: number }): boolean {
  return row.listed === 1;
}

/** One team's cached statistics of one season, as canonical text of the service's shape. */
export function cachedStatsText(
  db: Database.Database,
  teamNumber: number,
  season: string,
): string | undefined {
  const row = db
    .prepare<[number, string], StatsRow>(
      'SELECT * FROM team_stats WHERE team_number = ? AND season = ?',
    )
    .get(teamNumber, season);
  return row === undefined ? undefined : canonical(statsRecord(row));
}

/** The (team, season) pairs the cache holds statistics for. */
export function cachedStatsPairs(db: Database.Database): { teamNumber: number; season: string }[] {
  return db
    .prepare<[], { team_number: number; season: string }>(
      'SELECT team_number, season FROM team_stats',
    )
    .all()
    .map((row) => ({ teamNumber: row.team_number, season: row.season }));
}

/** Resources whose sync state says a whole copy was committed. */
export function completeResources(db: Database.Database): Map<string, number> {
  return new Map(
    db
      .prepare<[], StateRow>('SELECT resource, complete, record_count FROM sync_state')
      .all()
      .filter((row) => row.complete === 1)
      .map((row) => [row.resource, row.record_count]),
  );
}

/**
 * What must hold of any cache file at any moment, whatever was interrupted: SQLite's own checks,
 * the indexed team rows agreeing with the JSON they were written from, every registration's team
 * present, and every copy the sync state calls complete holding as many records as it says.
 *
 * Checked on a connection of its own: on a long-lived connection, FTS5's integrity check reuses
 * the index structure it cached before another connection's writes and reports segments merged
 * away since as corruption (searches on that connection are unaffected; they re-read it).
 */
export function cacheProblems(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return problemsOf(db);
  } finally {
    db.close();
  }
}

function problemsOf(db: Database.Database): string[] {
  const problems: string[] = [];
  const integrity = db.prepare<[], string>('PRAGMA integrity_check').pluck().all();
  if (integrity.join() !== 'ok') problems.push(`integrity_check: ${integrity.join('; ')}`);
  const foreign = db.prepare('PRAGMA foreign_key_check').all();
  if (foreign.length > 0)
    problems.push(`foreign_key_check: ${JSON.stringify(foreign.slice(0, 5))}`);

  const matchTeams = groupBy(
    db
      .prepare<[], { match_id: string; team_number: number; alliance: string }>(
        'SELECT * FROM match_teams ORDER BY team_number',
      )
      .all(),
    (row) => row.match_id,
  );
  for (const match of db.prepare<[], MatchRow>('SELECT * FROM matches').all()) {
    const expected = [
      ...(JSON.parse(match.red_teams) as number[]).map((team) => `${team} red`),
      ...(JSON.parse(match.blue_teams) as number[]).map((team) => `${team} blue`),
    ].sort();
    const indexed = (matchTeams.get(match.id) ?? [])
      .map((row) => `${row.team_number} ${row.alliance}`)
      .sort();
    if (canonical(expected) !== canonical(indexed)) {
      problems.push(`match_teams of ${match.id}: ${indexed.join()} for ${expected.join()}`);
    }
  }
  const clipTeams = groupBy(
    db.prepare<[], { clip_id: string; team_number: number }>('SELECT * FROM clip_teams').all(),
    (row) => row.clip_id,
  );
  for (const clip of db.prepare<[], ClipRow>('SELECT * FROM clips').all()) {
    const expected = [...new Set(JSON.parse(clip.team_numbers) as number[])].sort((a, b) => a - b);
    const indexed = (clipTeams.get(clip.id) ?? [])
      .map((row) => row.team_number)
      .sort((a, b) => a - b);
    if (canonical(expected) !== canonical(indexed)) {
      problems.push(`clip_teams of ${clip.id}: ${indexed.join()} for ${expected.join()}`);
    }
  }
  const orphans = db
    .prepare<[], string>(
      `SELECT event_id || ' ' || team_number FROM registrations
       WHERE team_number NOT IN (SELECT number FROM teams)`,
    )
    .pluck()
    .all();
  if (orphans.length > 0) problems.push(`registrations without a team row: ${orphans.join(', ')}`);

  const count = (sql: string, ...params: string[]) =>
    db
      .prepare<string[], number>(sql)
      .pluck()
      .get(...params) ?? 0;
  for (const [resource, records] of completeResources(db)) {
    const part = /^event:([a-z0-9]+):(teams|matches|clips)$/.exec(resource);
    const stats = /^team:(\d+):stats:(.+)$/.exec(resource);
    let held: number | null = null;
    if (resource === 'events') held = count('SELECT count(*) FROM events WHERE listed = 1');
    else if (resource === 'teams') held = count('SELECT count(*) FROM teams WHERE listed = 1');
    else if (part?.[2] === 'teams')
      held = count('SELECT count(*) FROM registrations WHERE event_id = ?', part[1] ?? '');
    else if (part?.[2] === 'matches')
      held = count('SELECT count(*) FROM matches WHERE event_id = ?', part[1] ?? '');
    else if (part?.[2] === 'clips')
      held = count('SELECT count(*) FROM clips WHERE event_id = ?', part[1] ?? '');
    else if (stats !== null)
      held = count(
        'SELECT count(*) FROM team_stats WHERE team_number = ? AND season = ?',
        stats[1] ?? '',
        stats[2] ?? '',
      );
    if (held !== null && held !== records) {
      problems.push(`${resource}: sync state says ${records} records, the cache holds ${held}`);
    }
  }
  return problems;
}
