import type { AppDatabase } from '../storage/database';
import type { WriteQueue, WriteSession } from '../cache/write-queue';
import { inWriteTransaction } from '../storage/write-transaction';
import type { ServiceReplacement } from './service-replacement';

interface Pending {
  step: () => unknown;
  /** A resource the service sent, as opposed to bookkeeping (a failure noted, a barrier). */
  resource: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The savepoint a replacement of the copy and the resource that causes it share. */
const REPLACEMENT = 'service_replacement';

/**
 * Groups the many small commits of a sync (one per event part, one per team's stats) into shared
 * transactions: thousands of tiny resources then cost a few dozen commits instead of thousands.
 * A transaction stays open for up to `commitEveryMs` as a write session, in steps of at most
 * `stepBudgetMs` each, so main is never blocked longer than a step and views (on their own
 * connection) see each resource only once its transaction commits.
 *
 * Each write runs in its own savepoint, so one that throws takes back only its own rows: one
 * resource's write is still all or nothing, and its neighbours in the batch commit regardless.
 *
 * While the copy is still another service's (a change of service not answered yet), the first
 * resource replaces it: the forgetting of the old copy shares that resource's savepoint, so a
 * resource that throws takes it back too, and a batch of bookkeeping alone never replaces it.
 */
export class BatchWriter {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly queue: WriteQueue,
    /** Throws when the writes are no longer wanted (canceled, or for another service). */
    private readonly guard: () => void = () => {},
    private readonly replacement: ServiceReplacement | null = null,
    private readonly stepBudgetMs = 20,
    private readonly commitEveryMs = 100,
  ) {}

  /** Writes a resource the service sent (and its sync state). */
  write<Result>(step: () => Result): Promise<Result> {
    return this.add(step, true);
  }

  /** Writes bookkeeping only: a failure noted, or nothing (to wait for what is queued). */
  note<Result>(step: () => Result): Promise<Result> {
    return this.add(step, false);
  }

  private add<Result>(step: () => Result, resource: boolean): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.pending.push({ step, resource, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const taken: Pending[] = [];
    const outcomes: (() => void)[] = [];
    try {
      await this.queue.session(async (session) => {
        const opened = performance.now();
        // Whether the copy may still be another service's: looked at before each resource
        // until one has replaced it (or none was due).
        let replacing = this.replacement !== null;
        while (this.pending.length > 0 && performance.now() - opened < this.commitEveryMs) {
          if (replacing && this.pending[0]?.resource === true) {
            if (this.replacement?.due() === true) {
              replacing = !(await this.replaceWithNext(session, taken, outcomes));
            } else {
              replacing = false;
            }
          } else {
            await session.step(() => this.runSteps(taken, outcomes, replacing));
          }
        }
      });
      // Only once committed are the writers told their rows are in.
      for (const settle of outcomes) settle();
    } catch (error) {
      // The commit itself failed (disk full, file gone): nothing of this batch is in.
      for (const write of taken) write.reject(error);
    }
    this.scheduled = false;
    if (this.pending.length > 0) this.schedule();
  }

  /**
   * The next write, a resource, after the old copy is forgotten, in one savepoint: `true` when both
   * got in, `false` when the write threw and took the forgetting back with it.
   */
  private async replaceWithNext(
    session: WriteSession,
    taken: Pending[],
    outcomes: (() => void)[],
  ): Promise<boolean> {
    const next = this.pending.shift();
    if (next === undefined || this.replacement === null) return false;
    taken.push(next);
    const mark = this.queue.changes.mark();
    this.db.exec(`SAVEPOINT ${REPLACEMENT}`);
    try {
      // A write no longer wanted must not cost the copy even a moment's work.
      this.guard();
      await this.replacement.replaceIn(session);
      const value = await session.step(() =>
        inWriteTransaction(this.db, () => {
          this.guard();
          return next.step();
        }),
      );
      this.db.exec(`RELEASE ${REPLACEMENT}`);
      outcomes.push(() => next.resolve(value));
      return true;
    } catch (error) {
      // The old copy stays whole: the resource that was to replace it did not get in.
      this.db.exec(`ROLLBACK TO ${REPLACEMENT}`);
      this.db.exec(`RELEASE ${REPLACEMENT}`);
      this.queue.changes.rollbackTo(mark);
      outcomes.push(() => next.reject(error));
      return false;
    }
  }

  /**
   * One synchronous step: as many pending writes as fit in the step budget, stopping before a
   * resource while a replacement may still be due (it takes steps of its own).
   */
  private runSteps(taken: Pending[], outcomes: (() => void)[], replacing: boolean): void {
    const started = performance.now();
    while (this.pending.length > 0 && performance.now() - started < this.stepBudgetMs) {
      if (replacing && this.pending[0]?.resource === true) break;
      const next = this.pending.shift();
      if (next === undefined) break;
      taken.push(next);
      const mark = this.queue.changes.mark();
      try {
        const value = inWriteTransaction(this.db, () => {
          this.guard();
          return next.step();
        });
        outcomes.push(() => next.resolve(value));
      } catch (error) {
        // Its savepoint took its rows back; what it said it changed goes with them.
        this.queue.changes.rollbackTo(mark);
        outcomes.push(() => next.reject(error));
      }
    }
  }
}
