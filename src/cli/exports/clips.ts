import { CLIP_COLUMNS, toClipRecord, type ClipRow } from '../../main/cache/queries/rows';
import type { ClipRecord } from '../../shared/wire/clip';
import { CLIP_EXPORT_COLUMNS } from '../../shared/export-columns';
import { countOf, mapRows, type ResourceExport } from './resource';

/* Newest first like the service's default `-date` sort; the id breaks ties in ascending order. */
const SELECT = `SELECT ${CLIP_COLUMNS} FROM clips c ORDER BY c.recorded_at DESC, c.id`;

export const clipsExport: ResourceExport<ClipRecord> = {
  columns: CLIP_EXPORT_COLUMNS,
  records: (db) => mapRows(db.prepare<[], ClipRow>(SELECT).iterate(), toClipRecord),
  count: (db) => countOf(db, 'SELECT count(*) FROM clips'),
};
