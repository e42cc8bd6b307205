import type { Statement } from 'better-sqlite3';
import type { ListMeta } from '../../../shared/wire/envelopes';
import type { AppDatabase } from '../../storage/database';

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

/**
 * Lists combine optional filters, so their SQL is built per query; each distinct text is prepared
 * once and kept, which keeps "prepared once" without writing out a statement per combination.
 */
export class StatementCache<Row> {
  private readonly statements = new Map<string, Statement<unknown[], Row>>();

  constructor(private readonly db: AppDatabase) {}

  get(sql: string): Statement<unknown[], Row> {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.db.prepare<unknown[], Row>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/** A WHERE clause built condition by condition, with its parameters alongside. */
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

export interface ListSql {
  /** Everything between the columns and WHERE: `FROM teams t JOIN …`. */
  from: string;
  columns: string;
  conditions: Conditions;
  orderBy: string;
}

/** Runs a list's count and, only when the page holds anything, its page query: as the service does. */
export class Lister<Row> {
  private readonly pages: StatementCache<Row>;
  private readonly counts: StatementCache<{ total: number }>;

  constructor(db: AppDatabase) {
    this.pages = new StatementCache<Row>(db);
    this.counts = new StatementCache<{ total: number }>(db);
  }

  list<Item>(sql: ListSql, request: PageRequest, toItem: (row: Row) => Item): ListPage<Item> {
    const { from, columns, conditions, orderBy } = sql;
    const counted = this.counts.get(`SELECT count(*) AS total ${from}${conditions.sql}`);
    const total = counted.get(...conditions.params)?.total ?? 0;
    const offset = (request.page - 1) * request.perPage;
    // A page past the end is empty with the true total; its offset may exceed what SQLite takes.
    if (offset >= total) return { data: [], meta: metaOf(request, total) };
    const rows = this.pages
      .get(`SELECT ${columns} ${from}${conditions.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`)
      .all(...conditions.params, request.perPage, offset);
    return { data: rows.map(toItem), meta: metaOf(request, total) };
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
