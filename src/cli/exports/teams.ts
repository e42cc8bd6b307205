import { TEAM_COLUMNS, toTeamListItem, type TeamRow } from '../../main/cache/queries/rows';
import type { TeamListItem } from '../../shared/wire/team';
import { TEAM_EXPORT_COLUMNS } from '../../shared/export-columns';
import { countOf, mapRows, type ResourceExport } from './resource';

/* Listed teams only: a team known from an event's team list alone is not in the service's list. */
const SELECT = `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.listed = 1 ORDER BY t.number`;

export const teamsExport: ResourceExport<TeamListItem> = {
  columns: TEAM_EXPORT_COLUMNS,
  records: (db) => mapRows(db.prepare<[], TeamRow>(SELECT).iterate(), toTeamListItem),
  count: (db) => countOf(db, 'SELECT count(*) FROM teams WHERE listed = 1'),
};
