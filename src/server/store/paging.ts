import type { Statement } from 'better-sqlite3';
import { StatementCache, type Conditions } from '../../shared/sql/list-sql';
import type { ServerDatabase } from './schema';

/** A page request as the query parameters gave it (perPage already clamped to the maximum). */
export interface Page {
  page: number;
  perPage: number;
}

export interface PageOf<Row> {
  rows: Row[];
  total: number;
}

export interface ListQuery {
  /** Everything after SELECT's columns up to WHERE: `FROM teams t JOIN …`. */
  from: string;
  columns: string;
  conditions: Conditions;
  orderBy: string;
}

/** Runs a list's count and, only when the page holds anything, its page query. */
export class Lister<Row> {
  private readonly pages: StatementCache<Statement<unknown[], Row>>;
  private readonly counts: StatementCache<Statement<unknown[], { total: number }>>;

  constructor(db: ServerDatabase) {
    this.pages = new StatementCache((sql) => db.prepare<unknown[], Row>(sql));
    this.counts = new StatementCache((sql) => db.prepare<unknown[], { total: number }>(sql));
  }

  list({ from, columns, conditions, orderBy }: ListQuery, { page, perPage }: Page): PageOf<Row> {
    const counted = this.counts.get(`SELECT count(*) AS total ${from}${conditions.sql}`);
    const total = counted.get(...conditions.params)?.total ?? 0;
    // Page numbers can be far larger than any OFFSET SQLite takes; past the end there is nothing to read.
    const offset = (page - 1) * perPage;
    if (offset >= total) return { rows: [], total };
    const sql = `SELECT ${columns} ${from}${conditions.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`;
    const rows = this.pages.get(sql).all(...conditions.params, perPage, offset);
    return { rows, total };
  }
}
