import type { AppDatabase } from '../../main/storage/database';

/** How one resource leaves the cache: its CSV columns, its records in order, how many there are. */
export interface ResourceExport<Item extends object = object> {
  /** Dotted paths into a record, in the order of its fields: the CSV header. */
  columns: readonly string[];
  /**
   * Every cached record in the order the service lists them, read row by row so that an export of
   * a hundred thousand matches never holds them all. `now` (the stored timestamp format) is the
   * instant derived fields such as event status are computed at.
   */
  records(db: AppDatabase, now: string): IterableIterator<Item>;
  count(db: AppDatabase): number;
}

export function* mapRows<Row, Result>(
  rows: IterableIterator<Row>,
  toRecord: (row: Row) => Result,
): IterableIterator<Result> {
  for (const row of rows) yield toRecord(row);
}

export function countOf(db: AppDatabase, sql: string): number {
  return db.prepare<[], number>(sql).pluck().get() ?? 0;
}
