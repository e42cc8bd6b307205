import { Conditions } from '../../shared/sql/list-sql';
import type { ClipRecord, ClipSort } from '../../shared/wire/clip';
import type { MatchType } from '../../shared/wire/match';
import type { EventScope } from './event-rows';
import { Lister, type Page, type PageOf } from './paging';
import type { ServerDatabase } from './schema';

export interface EventClipFilters {
  matchType?: MatchType;
  teamNumber?: number;
}

export interface TeamClipFilters {
  eventId?: string;
  season?: string;
  sort: ClipSort;
}

interface ClipRow {
  id: string;
  event_id: string;
  match_id: string | null;
  match_type: MatchType | null;
  team_numbers: string;
  title: string;
  url: string;
  thumbnail_url: string | null;
  duration_seconds: number;
  recorded_at: string;
}

const CLIP_COLUMNS = `c.id, c.event_id, c.match_id, c.match_type, c.team_numbers, c.title, c.url,
  c.thumbnail_url, c.duration_seconds, c.recorded_at`;

/** Ties are broken by id so that pages never overlap or skip a clip. */
const CLIP_ORDER: Readonly<Record<ClipSort, string>> = {
  date: 'c.recorded_at, c.id',
  '-date': 'c.recorded_at DESC, c.id',
  duration: 'c.duration_seconds, c.id',
  '-duration': 'c.duration_seconds DESC, c.id',
};

function toClipRecord(row: ClipRow): ClipRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    matchId: row.match_id,
    matchType: row.match_type,
    teamNumbers: JSON.parse(row.team_numbers) as number[],
    title: row.title,
    url: row.url,
    thumbnailUrl: row.thumbnail_url,
    durationSeconds: row.duration_seconds,
    recordedAt: row.recorded_at,
  };
}

function records(page: PageOf<ClipRow>): PageOf<ClipRecord> {
  return { rows: page.rows.map(toClipRecord), total: page.total };
}

export class ClipRepository {
  private readonly lister: Lister<ClipRow>;

  constructor(db: ServerDatabase) {
    this.lister = new Lister<ClipRow>(db);
  }

  listOfEvent(eventId: string, filters: EventClipFilters, page: Page): PageOf<ClipRecord> {
    const conditions = new Conditions().add('c.event_id = ?', eventId);
    if (filters.matchType !== undefined) conditions.add('c.match_type = ?', filters.matchType);
    if (filters.teamNumber !== undefined) {
      conditions.add(
        'c.id IN (SELECT clip_id FROM clip_teams WHERE team_number = ?)',
        filters.teamNumber,
      );
    }
    const query = {
      from: 'FROM clips c',
      columns: CLIP_COLUMNS,
      conditions,
      orderBy: CLIP_ORDER['-date'],
    };
    return records(this.lister.list(query, page));
  }

  listOfTeam(
    teamNumber: number,
    filters: TeamClipFilters,
    scope: EventScope,
    page: Page,
  ): PageOf<ClipRecord> {
    const conditions = new Conditions().add('ct.team_number = ?', teamNumber);
    if (scope === 'public') conditions.add(`e.visibility = 'public'`);
    if (filters.eventId !== undefined) conditions.add('c.event_id = ?', filters.eventId);
    if (filters.season !== undefined) conditions.add('e.season = ?', filters.season);
    const query = {
      from: `FROM clip_teams ct JOIN clips c ON c.id = ct.clip_id
        JOIN events e ON e.id = c.event_id`,
      columns: CLIP_COLUMNS,
      conditions,
      orderBy: CLIP_ORDER[filters.sort],
    };
    return records(this.lister.list(query, page));
  }
}
