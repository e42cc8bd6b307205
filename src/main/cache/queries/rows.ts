import type { ClipRecord } from '../../../shared/wire/clip';
import type { EventListItem, StreamStatus } from '../../../shared/wire/event';
import { statusAt } from '../../../shared/wire/event-rules';
import type { MatchRecord, MatchType, Winner } from '../../../shared/wire/match';
import type { TeamSeasonStats } from '../../../shared/wire/stats';
import type { TeamListItem } from '../../../shared/wire/team';

/*
 * Rows as the cache stores them, and the wire shapes they become. The JSON team lists were written
 * by CacheWriter from validated records, so reading them back as number arrays is safe.
 */

export interface EventRow {
  id: string;
  name: string;
  season: string;
  start_date: string;
  end_date: string;
  venue: string;
  city: string;
  state: string;
  country: string;
  stream_status: StreamStatus;
  team_count: number;
  clip_count: number;
}

export const EVENT_COLUMNS = `e.id, e.name, e.season, e.start_date, e.end_date, e.venue, e.city,
  e.state, e.country, e.stream_status, e.team_count, e.clip_count`;

export function toEventListItem(row: EventRow, now: string): EventListItem {
  return {
    id: row.id,
    name: row.name,
    season: row.season,
    startDate: row.start_date,
    endDate: row.end_date,
    location: { venue: row.venue, city: row.city, state: row.state, country: row.country },
    status: statusAt(row.start_date, row.end_date, now),
    streamStatus: row.stream_status,
    teamCount: row.team_count,
    clipCount: row.clip_count,
  };
}

export interface TeamRow {
  number: number;
  name: string;
  school: string;
  city: string;
  state: string;
  country: string;
  rookie: number;
  website: string;
  clip_count: number;
}

export const TEAM_COLUMNS = `t.number, t.name, t.school, t.city, t.state, t.country, t.rookie,
  t.website, t.clip_count`;

export function toTeamListItem(row: TeamRow): TeamListItem {
  return {
    number: row.number,
    name: row.name,
    school: row.school,
    city: row.city,
    state: row.state,
    country: row.country,
    rookie: row.rookie,
    website: row.website,
    clipCount: row.clip_count,
  };
}

export interface MatchRow {
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
  winner: Winner | null;
  clip_count: number;
}

export const MATCH_COLUMNS = `m.id, m.event_id, m.type, m.number, m.status, m.scheduled_at,
  m.played_at, m.red_teams, m.blue_teams, m.red_score, m.blue_score, m.winner, m.clip_count`;

export function toMatchRecord(row: MatchRow): MatchRecord {
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
    winner: row.winner,
    clipCount: row.clip_count,
  };
}

export interface ClipRow {
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

export const CLIP_COLUMNS = `c.id, c.event_id, c.match_id, c.match_type, c.team_numbers, c.title,
  c.url, c.thumbnail_url, c.duration_seconds, c.recorded_at`;

export function toClipRecord(row: ClipRow): ClipRecord {
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

export interface StatsRow {
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

export const STATS_COLUMNS = `season, events, matches, wins, losses, win_rate, avg_score,
  high_score, rank_regional, rank_state, rank_world`;

export function toSeasonStats(row: StatsRow): TeamSeasonStats {
  return {
    season: row.season,
    events: row.events,
    matches: row.matches,
    wins: row.wins,
    losses: row.losses,
    winRate: row.win_rate,
    avgScore: row.avg_score,
    highScore: row.high_score,
    rankings: { regional: row.rank_regional, state: row.rank_state, world: row.rank_world },
  };
}
