import { EVENT_COLUMNS, toEventListItem, type EventRow } from '../../main/cache/queries/rows';
import type { EventListItem } from '../../shared/wire/event';
import { EVENT_EXPORT_COLUMNS } from '../../shared/export-columns';
import { countOf, mapRows, type ResourceExport } from './resource';

/*
 * Listed events only: the ones the service's list shows for the key that synced. An event held
 * only because it was opened by id is not part of the list, here as in the app.
 */
const SELECT = `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.listed = 1 ORDER BY e.start_date, e.id`;

export const eventsExport: ResourceExport<EventListItem> = {
  columns: EVENT_EXPORT_COLUMNS,
  records: (db, now) =>
    mapRows(db.prepare<[], EventRow>(SELECT).iterate(), (row) => toEventListItem(row, now)),
  count: (db) => countOf(db, 'SELECT count(*) FROM events WHERE listed = 1'),
};
