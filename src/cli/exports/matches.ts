import { MATCH_COLUMNS, toMatchRecord, type MatchRow } from '../../main/cache/queries/rows';
import type { MatchRecord } from '../../shared/wire/match';
import { MATCH_EXPORT_COLUMNS } from '../../shared/export-columns';
import { countOf, mapRows, type ResourceExport } from './resource';

/* `type_rank` orders qualification, semifinal, final the way the service does, not by name. */
const SELECT = `SELECT ${MATCH_COLUMNS} FROM matches m JOIN events e ON e.id = m.event_id
  ORDER BY e.start_date, e.id, m.type_rank, m.number`;

export const matchesExport: ResourceExport<MatchRecord> = {
  columns: MATCH_EXPORT_COLUMNS,
  records: (db) => mapRows(db.prepare<[], MatchRow>(SELECT).iterate(), toMatchRecord),
  count: (db) => countOf(db, 'SELECT count(*) FROM matches'),
};
