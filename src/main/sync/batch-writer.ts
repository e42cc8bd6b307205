import type { AppDatabase } from '../storage/database';
import type { WriteQueue } from '../cache/write-queue';
import { inWriteTransaction } from '../storage/write-transaction';

interface Pending {
  step: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Groups the many small commits of a sync (one per event part, one per team's stats) into shared
 * transactions: thousands of tiny resources then cost a few dozen commits instead of thousands.
 * A transaction stays open for up to `commitEveryMs` as a write session, in steps of at most
 * `stepBudgetMs` each, so main is never blocked longer than a step and views (on their own
 * connection) see each resource only once its transaction commits.
 *
 * Each write runs in its own savepoint, so one that throws takes back only its own rows: one
 * resource's write is still all or nothing, and its neighbours in the batch commit regardless.
 */
export class BatchWriter {
  private pending: Pending[] = [];
  private scheduled = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly queue: WriteQueue,
    /** Throws when the writes are no longer wanted (canceled, or for another service). */
    private readonly guard: () => void = () => {},
    private readonly stepBudgetMs = 20,
    private readonly commitEveryMs = 100,
  ) {}

  write<Result>(step: () => Result): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.pending.push({ step, resolve: resolve as (value: unknown) => void, reject });
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
        while (this.pending.length > 0 && performance.now() - opened < this.commitEveryMs) {
          await session.step(() => this.runSteps(taken, outcomes));
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

  /** One synchronous step: as many pending writes as fit in the step budget. */
  private runSteps(taken: Pending[], outcomes: (() => void)[]): void {
    const started = performance.now();
    while (this.pending.length > 0 && performance.now() - started < this.stepBudgetMs) {
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
