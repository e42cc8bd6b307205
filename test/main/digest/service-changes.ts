import { openServerDatabase, type ServerDatabase } from '../../../src/server/store/schema';

/*
 * Changes made to the reference service's own store while it is stopped (it has no routes for
 * matches, scores or registrations: those come from the competition's scoring system), so that
 * the service answers them when it starts again on the same file.
 */

export interface PickedMatch {
  id: string;
  teams: number[];
}

interface MatchRow {
  id: string;
  status: string;
  red_teams: string;
  blue_teams: string;
}

function teamsOf(row: MatchRow): number[] {
  return [...(JSON.parse(row.red_teams) as number[]), ...(JSON.parse(row.blue_teams) as number[])];
}

export function withServiceStore<Result>(
  file: string,
  work: (db: ServerDatabase) => Result,
): Result {
  const db = openServerDatabase(file);
  try {
    return db.transaction(() => work(db))();
  } finally {
    db.close();
  }
}

/**
 * An event with played and scheduled matches, none of them with clips; with `within`, one under
 * way or starting in that window (what a sync keeps in full without a pin).
 */
export function pickEvent(
  db: ServerDatabase,
  not: readonly string[] = [],
  within: { from: string; to: string } = { from: '0000', to: '9999' },
): string {
  const id = db
    .prepare<[string, string, string], string>(
      `SELECT e.id FROM events e WHERE e.visibility = 'public'
         AND e.id NOT IN (SELECT value FROM json_each(?)) AND e.end_date >= ? AND e.start_date <= ?
         AND (SELECT count(*) FROM matches m WHERE m.event_id = e.id AND m.status = 'played'
           AND NOT EXISTS (SELECT 1 FROM clips c WHERE c.match_id = m.id)) >= 3
         AND (SELECT count(*) FROM matches m WHERE m.event_id = e.id
           AND m.status = 'scheduled') >= 2
       ORDER BY e.id LIMIT 1`,
    )
    .pluck()
    .get(JSON.stringify(not), within.from, within.to);
  if (id === undefined)
    throw new Error('the demo data has no event with played and scheduled matches');
  return id;
}

export function matchesOf(db: ServerDatabase, eventId: string, status: string): PickedMatch[] {
  return db
    .prepare<[string, string], MatchRow>(
      `SELECT id, status, red_teams, blue_teams FROM matches m WHERE event_id = ? AND status = ?
         AND NOT EXISTS (SELECT 1 FROM clips c WHERE c.match_id = m.id) ORDER BY id`,
    )
    .all(eventId, status)
    .map((row) => ({ id: row.id, teams: teamsOf(row) }));
}

export function reschedule(db: ServerDatabase, matchId: string, scheduledAt: string): void {
  db.prepare('UPDATE matches SET scheduled_at = ? WHERE id = ?').run(scheduledAt, matchId);
}

export function postScore(db: ServerDatabase, matchId: string, red: number, blue: number): void {
  const winner = red > blue ? 'red' : red < blue ? 'blue' : 'tie';
  db.prepare(
    `UPDATE matches SET status = 'played', played_at = coalesce(scheduled_at, '2026-11-21T11:00:00Z'),
       red_score = ?, blue_score = ?, winner = ? WHERE id = ?`,
  ).run(red, blue, winner, matchId);
}

export function removeMatch(db: ServerDatabase, matchId: string): void {
  db.prepare('DELETE FROM matches WHERE id = ?').run(matchId);
}

/** A new qualification match after the event's last one; returns its id. */
export function addMatch(
  db: ServerDatabase,
  eventId: string,
  red: number[],
  blue: number[],
  scheduledAt: string,
): string {
  const number =
    (db
      .prepare<[string], number>(
        `SELECT max(number) FROM matches WHERE event_id = ? AND type = 'qualification'`,
      )
      .pluck()
      .get(eventId) ?? 0) + 1;
  const id = `${eventId}-q${number}`;
  db.prepare(
    `INSERT INTO matches (id, event_id, type, type_rank, number, status, scheduled_at, played_at,
       red_teams, blue_teams, red_score, blue_score, winner)
     VALUES (?, ?, 'qualification', 0, ?, 'scheduled', ?, NULL, ?, ?, NULL, NULL, NULL)`,
  ).run(id, eventId, number, scheduledAt, JSON.stringify(red), JSON.stringify(blue));
  const link = db.prepare(
    'INSERT INTO match_teams (match_id, team_number, alliance) VALUES (?, ?, ?)',
  );
  for (const team of red) link.run(id, team, 'red');
  for (const team of blue) link.run(id, team, 'blue');
  return id;
}

export function registered(db: ServerDatabase, eventId: string): number[] {
  return db
    .prepare<[string], number>(
      'SELECT team_number FROM registrations WHERE event_id = ? ORDER BY 1',
    )
    .pluck()
    .all(eventId);
}

/** The event's registered team with the highest number (withdrawing it leaves matches as they are). */
export function lastTeam(db: ServerDatabase, eventId: string): number {
  const team = db
    .prepare<[string], number>('SELECT max(team_number) FROM registrations WHERE event_id = ?')
    .pluck()
    .get(eventId);
  if (team === undefined || team === null) throw new Error(`${eventId} has no teams`);
  return team;
}

export function withdraw(db: ServerDatabase, eventId: string, team: number): void {
  db.prepare('DELETE FROM registrations WHERE event_id = ? AND team_number = ?').run(eventId, team);
}

/** A team of the service not registered at the event; returns its number. */
export function register(db: ServerDatabase, eventId: string): number {
  const team = db
    .prepare<[string], number>(
      `SELECT number FROM teams WHERE number NOT IN
         (SELECT team_number FROM registrations WHERE event_id = ?) ORDER BY number LIMIT 1`,
    )
    .pluck()
    .get(eventId);
  if (team === undefined) throw new Error('no team left to register');
  db.prepare('INSERT INTO registrations (event_id, team_number) VALUES (?, ?)').run(eventId, team);
  return team;
}
