import type { Database } from 'better-sqlite3';

/** The cache's matches read with plain SQL, independent of the analysis' own reader. */
export interface RawMatch {
  id: string;
  eventId: string;
  type: string;
  number: number;
  status: string;
  scheduledAt: string | null;
  playedAt: string | null;
  red: number[];
  blue: number[];
  redScore: number | null;
  blueScore: number | null;
}

interface Row {
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
}

export function rawMatches(db: Database, eventId: string): RawMatch[] {
  const rows = db
    .prepare('SELECT * FROM matches WHERE event_id = ? ORDER BY type_rank, number')
    .all(eventId) as Row[];
  return rows.map((row) => ({
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    number: row.number,
    status: row.status,
    scheduledAt: row.scheduled_at,
    playedAt: row.played_at,
    red: JSON.parse(row.red_teams) as number[],
    blue: JSON.parse(row.blue_teams) as number[],
    redScore: row.red_score,
    blueScore: row.blue_score,
  }));
}

export function eventIds(db: Database): { id: string; season: string }[] {
  return db.prepare('SELECT id, season FROM events ORDER BY start_date, id').all() as {
    id: string;
    season: string;
  }[];
}

export function registered(db: Database, eventId: string): number[] {
  return (
    db.prepare('SELECT team_number FROM registrations WHERE event_id = ?').all(eventId) as {
      team_number: number;
    }[]
  ).map((row) => row.team_number);
}

/** Played qualification matches, for OPR and rankings. */
export function playedQualifications(matches: readonly RawMatch[]) {
  return matches.filter(
    (match) =>
      match.type === 'qualification' && match.status === 'played' && match.redScore !== null,
  ) as (RawMatch & { redScore: number; blueScore: number })[];
}
