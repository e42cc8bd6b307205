import type { Database, Statement } from 'better-sqlite3';
import { winnerOf, type MatchType, type Winner } from '../../shared/wire/match';

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

/**
 * One match as the reads below return it: the columns of a cache row in this order, its team
 * lists already arrays (the cache wrote them as JSON from validated records).
 */
type MatchTuple = [
  id: string,
  type: MatchType,
  typeRank: number,
  number: number,
  status: 'scheduled' | 'played',
  scheduledAt: string | null,
  playedAt: string | null,
  red: unknown,
  blue: unknown,
  redScore: number | null,
  blueScore: number | null,
  winner: Winner | null,
];

function teamList(teams: unknown): number[] {
  return Array.isArray(teams) ? teams.filter((team): team is number => Number.isInteger(team)) : [];
}

function matchInfo(eventId: string, match: MatchTuple): MatchInfo {
  const [id, type, typeRank, number, status, scheduledAt, playedAt, red, blue, ...scores] = match;
  const [redScore, blueScore, winner] = scores;
  const played = status === 'played' && redScore !== null && blueScore !== null;
  return {
    id,
    eventId,
    type,
    typeRank,
    number,
    played,
    scheduledAt,
    playedAt: played ? playedAt : null,
    red: teamList(red),
    blue: teamList(blue),
    redScore: played ? redScore : null,
    blueScore: played ? blueScore : null,
    winner: played ? (winner ?? winnerOf(redScore, blueScore)) : null,
  };
}

/**
 * Each event's matches in schedule order as one JSON array per event, built by SQLite: the
 * 93,893 matches of `large` read this way in about 0.4 s, against 1 s as a row object each
 * (better-sqlite3 builds every object property by property, and they all went to the collector).
 */
const MATCH_LISTS = `SELECT event_id, json_group_array(json_array(id, type, type_rank, number,
    status, scheduled_at, played_at, json(red_teams), json(blue_teams), red_score, blue_score,
    winner) ORDER BY type_rank, number)
  FROM matches`;

/** Each event's registered teams by number, the same way. */
const REGISTRATION_LISTS = `SELECT event_id, json_group_array(team_number ORDER BY team_number)
  FROM registrations`;

type EventList = [eventId: string, json: string];

function matchList([eventId, json]: EventList): MatchInfo[] {
  return (JSON.parse(json) as MatchTuple[]).map((match) => matchInfo(eventId, match));
}

function registrationList([, json]: EventList): number[] {
  return JSON.parse(json) as number[];
}

export class AnalysisReader {
  private readonly eventsStatement: Statement<[], EventRow>;
  private readonly eventStatement: Statement<[string], EventRow>;
  private readonly allMatchesStatement: Statement<[], EventList>;
  private readonly eventMatchesStatement: Statement<[string], EventList>;
  private readonly allRegistrationsStatement: Statement<[], EventList>;
  private readonly eventRegistrationsStatement: Statement<[string], EventList>;
  private readonly teamEventsStatement: Statement<[number, number], { event_id: string }>;

  constructor(db: Database) {
    const eventColumns = 'id, name, season, start_date, end_date';
    this.eventsStatement = db.prepare(`SELECT ${eventColumns} FROM events`);
    this.eventStatement = db.prepare(`SELECT ${eventColumns} FROM events WHERE id = ?`);
    const everyEvent = 'GROUP BY event_id ORDER BY event_id';
    const oneEvent = 'WHERE event_id = ? GROUP BY event_id';
    this.allMatchesStatement = lists(db, `${MATCH_LISTS} ${everyEvent}`);
    this.eventMatchesStatement = lists(db, `${MATCH_LISTS} ${oneEvent}`);
    this.allRegistrationsStatement = lists(db, `${REGISTRATION_LISTS} ${everyEvent}`);
    this.eventRegistrationsStatement = lists(db, `${REGISTRATION_LISTS} ${oneEvent}`);
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
    return new Map(this.allMatchesStatement.all().map((list) => [list[0], matchList(list)]));
  }

  eventMatches(eventId: string): MatchInfo[] {
    const list = this.eventMatchesStatement.get(eventId);
    return list === undefined ? [] : matchList(list);
  }

  allRegistrations(): Map<string, number[]> {
    const all = this.allRegistrationsStatement.all();
    return new Map(all.map((list) => [list[0], registrationList(list)]));
  }

  eventRegistrations(eventId: string): number[] {
    const list = this.eventRegistrationsStatement.get(eventId);
    return list === undefined ? [] : registrationList(list);
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

/** A statement whose rows are (event, JSON list) pairs. */
function lists<Params extends unknown[]>(db: Database, sql: string): Statement<Params, EventList> {
  return db.prepare<Params, EventList>(sql).raw();
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
