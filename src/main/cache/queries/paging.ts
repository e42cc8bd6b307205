import type { Statement } from 'better-sqlite3';
import { StatementCache, type Conditions } from '../../../shared/sql/list-sql';
import type { ListMeta } from '../../../shared/wire/envelopes';
import type { AppDatabase } from '../../storage/database';
import { PerCommit } from './per-commit';

/** Totals of the last few filter combinations (a search typed letter by letter makes one each). */
const KEEP_TOTALS = 32;

/** A page as the IPC input gave it, perPage already clamped to the service's maximum. */
export interface PageRequest {
  page: number;
  perPage: number;
}

/** A page of a local list with the service's `meta`, before freshness is attached. */
export interface ListPage<Item> {
  data: Item[];
  meta: ListMeta;
}

export interface ListSql {
  /** Everything between the columns and WHERE: `FROM teams t JOIN …`. */
  from: string;
  /** Parameters of `from`'s placeholders, bound before the conditions'. */
  fromParams?: readonly unknown[];
  columns: string;
  conditions: Conditions;
  orderBy: string;
  /** Parameters of `orderBy`'s placeholders, bound after the conditions'. */
  orderParams?: readonly unknown[];
}

export interface ListerOptions {
  /**
   * Keep each filter combination's total until the writer commits again: for a table where the
   * count, which reads every matching row, costs more than the page itself.
   */
  keepTotals?: boolean;
}

/** Runs a list's count and, only when the page holds anything, its page query: as the service does. */
export class Lister<Row> {
  private readonly pages: StatementCache<Statement<unknown[], Row>>;
  private readonly counts: StatementCache<Statement<unknown[], { total: number }>>;
  private readonly totals: PerCommit<string, number> | null;

  constructor(db: AppDatabase, options: ListerOptions = {}) {
    this.pages = new StatementCache((sql) => db.prepare<unknown[], Row>(sql));
    this.counts = new StatementCache((sql) => db.prepare<unknown[], { total: number }>(sql));
    this.totals = options.keepTotals === true ? new PerCommit(db, KEEP_TOTALS) : null;
  }

  list<Item>(sql: ListSql, request: PageRequest, toItem: (row: Row) => Item): ListPage<Item> {
    const { from, fromParams = [], columns, conditions, orderBy, orderParams = [] } = sql;
    const total = this.totalOf(from, fromParams, conditions);
    const offset = (request.page - 1) * request.perPage;
    // A page past the end is empty with the true total; its offset may exceed what SQLite takes.
    if (offset >= total) return { data: [], meta: metaOf(request, total) };
    const rows = this.pages
      .get(`SELECT ${columns} ${from}${conditions.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
      .all(...fromParams, ...conditions.params, ...orderParams, request.perPage, offset);
    return { data: rows.map(toItem), meta: metaOf(request, total) };
  }

  private totalOf(from: string, fromParams: readonly unknown[], conditions: Conditions): number {
    const statement = this.counts.get(`SELECT count(*) AS total ${from}${conditions.sql}`);
    const count = () => statement.get(...fromParams, ...conditions.params)?.total ?? 0;
    if (this.totals === null) return count();
    return this.totals.get(JSON.stringify([from, fromParams]) + conditions.key, count);
  }
}

/** Pages a list held in memory (a fetched copy) exactly like `Lister` pages a table. */
export function pageOfArray<Item>(items: readonly Item[], request: PageRequest): ListPage<Item> {
  const offset = (request.page - 1) * request.perPage;
  const data = offset >= items.length ? [] : items.slice(offset, offset + request.perPage);
  return { data, meta: metaOf(request, items.length) };
}

function metaOf({ page, perPage }: PageRequest, total: number): ListMeta {
  return { page, perPage, total };
}
