import type { CacheResource } from '../../shared/ipc/resources';
import type { AppDatabase } from '../storage/database';
import { ChangeLog } from './change-log';

/** A synchronous piece of work on the writer connection; its duration is what blocks main. */
export type Step<Result> = () => Result;

export interface WriteSession {
  /** Runs one synchronous batch inside the session's transaction and measures it. */
  step<Result>(work: Step<Result>): Promise<Result>;
}

export interface WriteQueueOptions {
  /** Told the duration of every synchronous database block, for the benchmark's maxBlockMs. */
  onBlock?: (ms: number) => void;
  /** Told, after each commit that changed rows, which resources those rows belong to. */
  onCommit?: (changed: CacheResource[]) => void;
}

/**
 * Every write to the cache goes through here, one at a time, because the writer is a single
 * connection: a second caller writing while a session's transaction is open would slip its rows
 * into that transaction (and lose them if it rolls back).
 *
 * A session is one transaction spread over several turns of the event loop: each `step` is a short
 * synchronous batch, and between steps main answers IPC and paints progress. Readers use their own
 * connection and see the last committed state, so a resource is replaced atomically however many
 * steps its rows take.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly onBlock: (ms: number) => void;
  private readonly onCommit: (changed: CacheResource[]) => void;
  /** Every write through this queue records here what its rows changed. */
  readonly changes = new ChangeLog();

  constructor(
    private readonly db: AppDatabase,
    options: WriteQueueOptions = {},
  ) {
    this.onBlock = options.onBlock ?? (() => {});
    this.onCommit = options.onCommit ?? (() => {});
  }

  /** A short write in its own transaction, after the writes queued before it. */
  run<Result>(work: Step<Result>): Promise<Result> {
    return this.enqueue(() => {
      try {
        const result = this.timed(() => this.db.transaction(work)());
        this.committed();
        return Promise.resolve(result);
      } catch (error) {
        this.changes.rollbackTo(0);
        throw error;
      }
    });
  }

  /**
   * A transaction over many steps: committed when `work` resolves, rolled back whole when it
   * throws (or when the process dies before the commit).
   */
  session<Result>(work: (session: WriteSession) => Promise<Result>): Promise<Result> {
    return this.enqueue(async () => {
      this.timed(() => this.db.exec('BEGIN IMMEDIATE'));
      const session: WriteSession = {
        step: async (batch) => {
          const result = this.timed(batch);
          // Let IPC, timers and network callbacks run before the next batch.
          await new Promise<void>((resolve) => setImmediate(resolve));
          return result;
        },
      };
      try {
        const result = await work(session);
        this.timed(() => this.db.exec('COMMIT'));
        this.committed();
        return result;
      } catch (error) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        this.changes.rollbackTo(0);
        throw error;
      }
    });
  }

  private committed(): void {
    const changed = this.changes.take();
    if (changed.length > 0) this.onCommit(changed);
  }

  /** Resolves once everything queued so far has finished. */
  idle(): Promise<void> {
    return this.tail.then(
      () => undefined,
      () => undefined,
    );
  }

  private enqueue<Result>(task: () => Promise<Result>): Promise<Result> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  private timed<Result>(work: Step<Result>): Result {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.onBlock(performance.now() - started);
    }
  }
}
