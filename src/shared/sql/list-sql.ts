import type { EventStatus } from '../wire/event';

/*
 * The pieces of list SQL that the reference service's store and the app's cache share, because
 * both must list exactly alike: an offline list has to equal the online one. Plain text building,
 * no database access, so neither side depends on the other's SQLite binding.
 */

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

  /** Tells apart any two condition sets that could select different rows. */
  get key(): string {
    return JSON.stringify([this.sql, this.params]);
  }
}

/**
 * Lists combine optional filters, so their SQL is built per query; each distinct text is prepared
 * once (by `prepare`) and kept, which keeps "prepared once" without a statement per combination.
 */
export class StatementCache<Statement> {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly prepare: (sql: string) => Statement) {}

  get(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

/**
 * The status filter as SQL over an event table aliased `e`: the same windows as `statusAt`, with
 * `now` formatted like the stored timestamps so text comparison is time comparison.
 */
export function addStatusCondition(conditions: Conditions, status: EventStatus, now: string): void {
  if (status === 'upcoming') conditions.add('e.start_date > ?', now);
  else if (status === 'live') conditions.add('e.start_date <= ? AND e.end_date >= ?', now, now);
  else conditions.add('e.end_date < ?', now);
}
