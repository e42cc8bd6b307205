import type { TeamSeasonStats } from '../../shared/wire/stats';
import { countOf, mapRows, type ResourceExport } from './resource';

/** The service answers stats per team; an export of many teams has to say whose they are. */
export type TeamStatsExport = { teamNumber: number } & TeamSeasonStats;

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

const SELECT = `SELECT team_number, season, events, matches, wins, losses, win_rate, avg_score,
  high_score, rank_regional, rank_state, rank_world FROM team_stats ORDER BY team_number, season`;

function toRecord(row: StatsRow): TeamStatsExport {
  return {
    teamNumber: row.team_number,
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

export const statsExport: ResourceExport<TeamStatsExport> = {
  columns: [
    'teamNumber',
    'season',
    'events',
    'matches',
    'wins',
    'losses',
    'winRate',
    'avgScore',
    'highScore',
    'rankings.regional',
    'rankings.state',
    'rankings.world',
  ],
  records: (db) => mapRows(db.prepare<[], StatsRow>(SELECT).iterate(), toRecord),
  count: (db) => countOf(db, 'SELECT count(*) FROM team_stats'),
};
