import type { Database, Statement } from 'better-sqlite3';
import { winnerOf, type MatchType, type Winner } from '../../shared/wire/match';
import type { MatchRow as CacheMatchRow } from '../cache/queries/rows';

/*
 * What the analysis reads from the cache, in plain SQL over the model's read-only connection.
 * Team lists come from the matches' own JSON, the form a record returns.
 */

export interface EventInfo {
  id: string;
  name: string;
  season: string;
  startDate: string;
  endDate: string;
}

export interface MatchInfo {
  id: string;
  eventId: string;
  type: MatchType;
  /** 0 qualification, 1 semifinal, 2 final: with `number`, the schedule order. */
  typeRank: number;
  number: number;
  /** Played with both scores known; a "played" row without scores counts as still to play. */
  played: boolean;
  scheduledAt: string | null;
  playedAt: string | null;
  red: number[];
  blue: number[];
  redScore: number | null;
  blueScore: number | null;
  winner: Winner | null;
}

/** The cache's match row (as the app's queries read it), with its schedule rank, less its clips. */
type MatchRow = Omit<CacheMatchRow, 'clip_count'> & { type_rank: number };

function teamList(json: string): number[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed)
    ? parsed.filter((team): team is number => Number.isInteger(team))
    : [];
}

function matchInfo(row: MatchRow): MatchInfo {
  const played = row.status === 'played' && row.red_score !== null && row.blue_score !== null;
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    typeRank: row.type_rank,
    number: row.number,
    played,
    scheduledAt: row.scheduled_at,
    playedAt: played ? row.played_at : null,
    red: teamList(row.red_teams),
    blue: teamList(row.blue_teams),
    redScore: played ? row.red_score : null,
    blueScore: played ? row.blue_score : null,
    winner: played ? (row.winner ?? winnerOf(row.red_score, row.blue_score)) : null,
  };
}

const MATCH_COLUMNS = `id, event_id, type, type_rank, number, status, scheduled_at, played_at,
  red_teams, blue_teams, red_score, blue_score, winner`;

export class AnalysisReader {
  private readonly eventsStatement: Statement<[], EventRow>;
  private readonly eventStatement: Statement<[string], EventRow>;
  private readonly allMatchesStatement: Statement<[], MatchRow>;
  private readonly eventMatchesStatement: Statement<[string], MatchRow>;
  private readonly allRegistrationsStatement: Statement<[], RegistrationRow>;
  private readonly eventRegistrationsStatement: Statement<[string], RegistrationRow>;
  private readonly teamEventsStatement: Statement<[number, number], { event_id: string }>;

  constructor(db: Database) {
    const eventColumns = 'id, name, season, start_date, end_date';
    this.eventsStatement = db.prepare(`SELECT ${eventColumns} FROM events`);
    this.eventStatement = db.prepare(`SELECT ${eventColumns} FROM events WHERE id = ?`);
    this.allMatchesStatement = db.prepare(
      `SELECT ${MATCH_COLUMNS} FROM matches ORDER BY event_id, type_rank, number`,
    );
    this.eventMatchesStatement = db.prepare(
      `SELECT ${MATCH_COLUMNS} FROM matches WHERE event_id = ? ORDER BY type_rank, number`,
    );
    this.allRegistrationsStatement = db.prepare(
      'SELECT event_id, team_number FROM registrations ORDER BY event_id, team_number',
    );
    this.eventRegistrationsStatement = db.prepare(
      'SELECT event_id, team_number FROM registrations WHERE event_id = ? ORDER BY team_number',
    );
    this.teamEventsStatement = db.prepare(
      `SELECT DISTINCT m.event_id FROM match_teams t JOIN matches m ON m.id = t.match_id
       WHERE t.team_number = ?
       UNION SELECT event_id FROM registrations WHERE team_number = ?`,
    );
  }

  events(): EventInfo[] {
    return this.eventsStatement.all().map(eventInfo);
  }

  event(eventId: string): EventInfo | null {
    const row = this.eventStatement.get(eventId);
    return row === undefined ? null : eventInfo(row);
  }

  /** Every match, grouped by event in schedule order. */
  allMatches(): Map<string, MatchInfo[]> {
    const byEvent = new Map<string, MatchInfo[]>();
    for (const row of this.allMatchesStatement.iterate()) {
      const list = byEvent.get(row.event_id);
      if (list === undefined) byEvent.set(row.event_id, [matchInfo(row)]);
      else list.push(matchInfo(row));
    }
    return byEvent;
  }

  eventMatches(eventId: string): MatchInfo[] {
    return this.eventMatchesStatement.all(eventId).map(matchInfo);
  }

  allRegistrations(): Map<string, number[]> {
    const byEvent = new Map<string, number[]>();
    for (const row of this.allRegistrationsStatement.iterate()) {
      const list = byEvent.get(row.event_id);
      if (list === undefined) byEvent.set(row.event_id, [row.team_number]);
      else list.push(row.team_number);
    }
    return byEvent;
  }

  eventRegistrations(eventId: string): number[] {
    return this.eventRegistrationsStatement.all(eventId).map((row) => row.team_number);
  }

  /** Events where the cache holds a match or a registration of the team. */
  teamEvents(teamNumber: number): string[] {
    return this.teamEventsStatement.all(teamNumber, teamNumber).map((row) => row.event_id);
  }
}

interface EventRow {
  id: string;
  name: string;
  season: string;
  start_date: string;
  end_date: string;
}

interface RegistrationRow {
  event_id: string;
  team_number: number;
}

function eventInfo(row: EventRow): EventInfo {
  return {
    id: row.id,
    name: row.name,
    season: row.season,
    startDate: row.start_date,
    endDate: row.end_date,
  };
}
