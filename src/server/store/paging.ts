import type { Statement } from 'better-sqlite3';
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

/**
 * Lists combine optional filters, so their SQL is built per request; each distinct text is prepared
 * once and reused, which keeps the "prepared once" property without a statement per combination.
 */
export class StatementCache<Row> {
  private readonly statements = new Map<string, Statement<unknown[], Row>>();

  constructor(private readonly db: ServerDatabase) {}

  get(sql: string): Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare<unknown[], Row>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** The WHERE clause of a list, built condition by condition with its parameters alongside. */
export class Conditions {
  private readonly clauses: string[] = [];
  readonly params: unknown[] = [];

  add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  get sql(): string {
    return this.clauses.length === 0 ? '' : ` WHERE ${this.clauses.join(' AND ')}`;
  }
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
  private readonly pages: StatementCache<Row>;
  private readonly counts: StatementCache<{ total: number }>;

  constructor(db: ServerDatabase) {
    this.pages = new StatementCache<Row>(db);
    this.counts = new StatementCache<{ total: number }>(db);
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
