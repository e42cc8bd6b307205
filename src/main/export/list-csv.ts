import type { ExportList } from '../../shared/ipc/actions';
import { csvRecordRow, csvRow } from '../../shared/csv';
import {
  APP_EVENT_EXPORT_COLUMNS,
  APP_TEAM_EXPORT_COLUMNS,
  appEventExportRecord,
  MATCH_EXPORT_COLUMNS,
  PICK_LIST_EXPORT_COLUMNS,
  TEAM_STATS_EXPORT_COLUMNS,
  COMPARE_EXPORT_COLUMNS,
} from '../../shared/export-columns';
import type { ListMeta } from '../../shared/wire/envelopes';
import type { ReadHandlers } from '../handlers/reads';
import { IpcFailure } from '../ipc/failure';
import type { AppDatabase } from '../storage/database';
import { pickListRecords, withNotes, type OwnLists } from './own-lists';

/** The most a read command gives per page. */
const PER_PAGE = 100;

/**
 * Excel reads a CSV file without a byte-order mark in the system's legacy code page, garbling
 * every accent; with one it reads UTF-8. The app's files are for people and their spreadsheets;
 * the command line's stay without it, for scripts.
 */
export const UTF8_BOM = '\uFEFF';

export interface ListCsv {
  suggestedName: string;
  /** The whole file: a byte-order mark, a header row, then one row per record, CRLF line ends. */
  csv: string;
  /** Records, the header not counted. */
  rows: number;
}

interface ListRecords {
  name: string;
  columns: readonly string[];
  records: readonly object[];
}

type Page<Item> = { data: Item[]; meta: ListMeta };

/**
 * A list as a CSV file, read through the read commands a view uses, every page of it, with the
 * view's filters: the file holds what the person was looking at, all of it. The pages are read
 * in one snapshot of the cache, so a sync committing meanwhile cannot shift rows between them.
 */
export async function listCsv(
  source: { reads: ReadHandlers; reader: AppDatabase; own: OwnLists },
  list: ExportList,
): Promise<ListCsv> {
  const { name, columns, records } = await inSnapshot(source.reader, () =>
    readList(source.reads, source.own, list),
  );
  let csv = UTF8_BOM + csvRow(columns);
  for (const record of records) csv += csvRecordRow(record, columns);
  return { suggestedName: `${name}.csv`, csv, rows: records.length };
}

async function inSnapshot<Result>(reader: AppDatabase, read: () => Promise<Result>) {
  // A read-only connection's transaction only pins what it sees; it blocks no writer.
  if (reader.inTransaction) return read();
  reader.exec('BEGIN');
  try {
    return await read();
  } finally {
    reader.exec('COMMIT');
  }
}

async function everyPage<Item>(
  readPage: (page: number) => Page<Item> | Promise<Page<Item>>,
): Promise<Item[]> {
  const items: Item[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await readPage(page);
    items.push(...data);
    if (data.length === 0 || page * meta.perPage >= meta.total) return items;
  }
}

async function readList(
  reads: ReadHandlers,
  own: OwnLists,
  list: ExportList,
): Promise<ListRecords> {
  const pages = { perPage: PER_PAGE };
  switch (list.list) {
    case 'events': {
      const { season, status, region, search, sort } = list;
      const filters = { season, status, region, search, sort };
      const events = await everyPage((page) =>
        reads['events:list']({ ...filters, ...pages, page }),
      );
      return {
        name: list.season === undefined ? 'events' : `events-${list.season}`,
        columns: APP_EVENT_EXPORT_COLUMNS,
        records: events.map(appEventExportRecord),
      };
    }
    case 'teams': {
      const { season, region, search, sort, favorites } = list;
      const filters = { season, region, search, sort, favorites };
      return {
        name: list.season === undefined ? 'teams' : `teams-${list.season}`,
        columns: APP_TEAM_EXPORT_COLUMNS,
        records: withNotes(
          own.notes,
          await everyPage((page) => reads['teams:list']({ ...filters, ...pages, page })),
        ),
      };
    }
    case 'eventTeams':
      return {
        name: `${list.eventId}-teams`,
        columns: APP_TEAM_EXPORT_COLUMNS,
        records: withNotes(
          own.notes,
          await everyPage((page) =>
            reads['events:teams']({ eventId: list.eventId, ...pages, page }),
          ),
        ),
      };
    case 'eventMatches': {
      const matches = await everyPage((page) =>
        reads['events:matches']({ eventId: list.eventId, ...pages, page }),
      );
      return {
        name: `${list.eventId}-matches${list.matchType === undefined ? '' : `-${list.matchType}`}`,
        columns: MATCH_EXPORT_COLUMNS,
        // The view filters an event's matches by type on screen; the read command has no filter.
        records: matches.filter(
          (match) => list.matchType === undefined || match.type === list.matchType,
        ),
      };
    }
    case 'teamEvents': {
      const filters = { teamNumber: list.teamNumber, season: list.season };
      const events = await everyPage((page) =>
        reads['teams:events']({ ...filters, ...pages, page }),
      );
      return {
        name: `team-${list.teamNumber}-events`,
        columns: APP_EVENT_EXPORT_COLUMNS,
        records: events.map(appEventExportRecord),
      };
    }
    case 'teamMatches': {
      const { teamNumber, season, eventId } = list;
      const filters = { teamNumber, season, eventId };
      return {
        name: `team-${list.teamNumber}-matches`,
        columns: MATCH_EXPORT_COLUMNS,
        records: await everyPage((page) => reads['teams:matches']({ ...filters, ...pages, page })),
      };
    }
    case 'teamStats':
      return {
        name: `team-${list.teamNumber}-stats`,
        columns: TEAM_STATS_EXPORT_COLUMNS,
        records: await seasonsOf(reads, list.teamNumber),
      };
    case 'compare': {
      const teamNumbers = [...new Set(list.teamNumbers)];
      const records: object[] = [];
      for (const teamNumber of teamNumbers) {
        records.push(await statsRow(reads, teamNumber, list.season));
      }
      return {
        name: `compare-${teamNumbers.join('-')}${list.season === undefined ? '' : `-${list.season}`}`,
        columns: COMPARE_EXPORT_COLUMNS,
        records,
      };
    }
    case 'pickList': {
      const { name, records } = await pickListRecords(reads, own.pickLists, list.listId);
      return { name, columns: PICK_LIST_EXPORT_COLUMNS, records };
    }
  }
}

/** Every season of one team the cache holds, newest first, as the stats view lists them. */
async function seasonsOf(reads: ReadHandlers, teamNumber: number): Promise<object[]> {
  const latest = await reads['teams:stats']({ teamNumber });
  const rows: object[] = [];
  for (const season of latest.seasons) {
    const { data } = await reads['teams:stats']({ teamNumber, season });
    if (data !== null) rows.push({ teamNumber, ...data });
  }
  return rows;
}

/**
 * One team's row of a comparison: the season asked for, or the latest the team has. A team
 * whose statistics the cache lacks keeps its row, empty but for its number, so the file still
 * has one row per team compared.
 */
async function statsRow(
  reads: ReadHandlers,
  teamNumber: number,
  season: string | undefined,
): Promise<object> {
  try {
    const teamName = (await reads['teams:get']({ teamNumber })).data.name;
    const { data } = await reads['teams:stats']({ teamNumber, season });
    return data === null ? { teamNumber, teamName } : { teamNumber, teamName, ...data };
  } catch (error) {
    if (error instanceof IpcFailure && error.code === 'not_found') return { teamNumber };
    throw error;
  }
}
