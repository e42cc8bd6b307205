import { Conditions } from '../../shared/sql/list-sql';
import type { MatchRecord, MatchType } from '../../shared/wire/match';
import { winnerOf } from '../../shared/wire/match';
import type { EventScope } from './event-rows';
import { Lister, type Page, type PageOf } from './paging';
import type { ServerDatabase } from './schema';

export interface TeamMatchFilters {
  season?: string;
  eventId?: string;
}

interface MatchRow {
  id: string;
  event_id: string;
  type: MatchType;
  number: number;
  status: 'scheduled' | 'played';
  scheduled_at: string | null;
  played_at: string | null;
  red_teams: string;
  blue_teams: string;
  red_score: number | null;
  blue_score: number | null;
  clip_count: number;
}

const MATCH_COLUMNS = `m.id, m.event_id, m.type, m.number, m.status, m.scheduled_at, m.played_at,
  m.red_teams, m.blue_teams, m.red_score, m.blue_score,
  (SELECT count(*) FROM clips c WHERE c.match_id = m.id) AS clip_count`;

function toMatchRecord(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    type: row.type,
    number: row.number,
    status: row.status,
    scheduledAt: row.scheduled_at,
    playedAt: row.played_at,
    red: { teams: JSON.parse(row.red_teams) as number[], score: row.red_score },
    blue: { teams: JSON.parse(row.blue_teams) as number[], score: row.blue_score },
    // Derived rather than read back, so the winner cannot disagree with the scores it is shown with.
    winner: winnerOf(row.red_score, row.blue_score),
    clipCount: row.clip_count,
  };
}

function records(page: PageOf<MatchRow>): PageOf<MatchRecord> {
  return { rows: page.rows.map(toMatchRecord), total: page.total };
}

export class MatchRepository {
  private readonly lister: Lister<MatchRow>;

  constructor(db: ServerDatabase) {
    this.lister = new Lister<MatchRow>(db);
  }

  listOfEvent(eventId: string, page: Page): PageOf<MatchRecord> {
    const conditions = new Conditions().add('m.event_id = ?', eventId);
    const query = {
      from: 'FROM matches m',
      columns: MATCH_COLUMNS,
      conditions,
      orderBy: 'm.type_rank, m.number',
    };
    return records(this.lister.list(query, page));
  }

  listOfTeam(
    teamNumber: number,
    filters: TeamMatchFilters,
    scope: EventScope,
    page: Page,
  ): PageOf<MatchRecord> {
    const conditions = new Conditions().add('mt.team_number = ?', teamNumber);
    if (scope === 'public') conditions.add(`e.visibility = 'public'`);
    if (filters.season !== undefined) conditions.add('e.season = ?', filters.season);
    if (filters.eventId !== undefined) conditions.add('m.event_id = ?', filters.eventId);
    const query = {
      from: `FROM match_teams mt JOIN matches m ON m.id = mt.match_id
        JOIN events e ON e.id = m.event_id`,
      columns: MATCH_COLUMNS,
      conditions,
      orderBy: 'e.start_date, e.id, m.type_rank, m.number',
    };
    return records(this.lister.list(query, page));
  }
}
