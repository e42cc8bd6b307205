import type { CacheResource } from '../../shared/ipc/resources';
import type { AppDatabase } from '../storage/database';
import { beginWriteTransaction, inWriteTransaction } from '../storage/write-transaction';
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
  /**
   * Asked before each write not marked urgent: a promise to wait for first (a WAL checkpoint,
   * see CacheFiles.walBacklog), or `null` to write at once.
   */
  beforeWrite?: () => Promise<void> | null;
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
interface Task {
  start: () => Promise<void>;
  urgent: boolean;
}

export class WriteQueue {
  /** Waiting tasks; an urgent one goes ahead of every task not yet started. */
  private readonly urgent: Task[] = [];
  private readonly waiting: Task[] = [];
  private running = false;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly onBlock: (ms: number) => void;
  private readonly onCommit: (changed: CacheResource[]) => void;
  private readonly beforeWrite: () => Promise<void> | null;
  /** Every write through this queue records here what its rows changed. */
  readonly changes = new ChangeLog();

  constructor(
    private readonly db: AppDatabase,
    options: WriteQueueOptions = {},
  ) {
    this.onBlock = options.onBlock ?? (() => {});
    this.onCommit = options.onCommit ?? (() => {});
    this.beforeWrite = options.beforeWrite ?? (() => null);
  }

  /** A short write in its own transaction, after the writes queued before it. */
  run<Result>(work: Step<Result>): Promise<Result> {
    return this.enqueue(this.waiting, () => this.transaction(work));
  }

  /**
   * A short write that goes ahead of everything queued but not yet started: an organizer's edit is
   * "saved" after at most the one write session in progress, never after a sync's whole backlog.
   */
  runFirst<Result>(work: Step<Result>): Promise<Result> {
    return this.enqueue(this.urgent, () => this.transaction(work));
  }

  private transaction<Result>(work: Step<Result>): Promise<Result> {
    // A throw inside the executor rejects the promise with what was thrown.
    return new Promise<Result>((resolve) => {
      try {
        const result = this.timed(() => inWriteTransaction(this.db, work));
        this.committed();
        resolve(result);
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
    return this.enqueue(this.waiting, async () => {
      this.timed(() => beginWriteTransaction(this.db));
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
    if (!this.running && this.urgent.length === 0 && this.waiting.length === 0) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private enqueue<Result>(lane: Task[], task: () => Promise<Result>): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      lane.push({ start: () => task().then(resolve, reject), urgent: lane === this.urgent });
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const task = this.urgent.shift() ?? this.waiting.shift();
    if (task === undefined) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    this.running = true;
    // An organizer's edit never waits for a checkpoint: it is small, and "saved" must be at once.
    const wait = task.urgent ? null : this.beforeWrite();
    void (wait === null ? task.start() : wait.then(() => task.start())).finally(() => {
      this.running = false;
      this.next();
    });
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
