import { STATS_COLUMNS, toSeasonStats, type StatsRow } from '../../main/cache/queries/rows';
import type { TeamSeasonStats } from '../../shared/wire/stats';
import { TEAM_STATS_EXPORT_COLUMNS } from '../../shared/export-columns';
import { countOf, mapRows, type ResourceExport } from './resource';

/** The service answers stats per team; an export of many teams has to say whose they are. */
export type TeamStatsExport = { teamNumber: number } & TeamSeasonStats;

const SELECT = `SELECT team_number, ${STATS_COLUMNS} FROM team_stats
  ORDER BY team_number, season`;

export const statsExport: ResourceExport<TeamStatsExport> = {
  columns: TEAM_STATS_EXPORT_COLUMNS,
  records: (db) =>
    mapRows(db.prepare<[], StatsRow & { team_number: number }>(SELECT).iterate(), (row) => ({
      teamNumber: row.team_number,
      ...toSeasonStats(row),
    })),
  count: (db) => countOf(db, 'SELECT count(*) FROM team_stats'),
};
